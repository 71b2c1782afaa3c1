// Another payment's values put into a payment's addresses (OWASP API1:2023; ZAP 40008 parameter tampering): one
// part at a time, every path segment, query parameter and form field replaced by the other payment's id or
// transaction, and parameters and fields added that are named like a payment's identifiers.
import type { PageForm } from '../harness/page-crawl.js';

/** A value of the other payment that a payer can know or guess without its page: its id (often sequential), its transaction. */
export interface Value {
  value: string;
  what: string;
}

/** Field and parameter names under which a provider may look for the payment to act on. */
const IDENTIFIER_NAMES = [
  ['payment_id', 'id'],
  ['id', 'id'],
  ['transaction', 'transaction'],
  ['token', 'transaction'],
] as const;

/** One tampered request: where to send it, its fields, and what was changed. */
interface Tampered {
  url: string;
  fields: [string, string][];
  what: string;
}

/**
 * Every tampering of one form (an address alone: a GET form without fields), those that keep its own address last: a
 * correct provider may settle the page's payment on the first press that reaches it, and refuse the rest as final.
 */
export function tamperingsOf(form: PageForm, values: readonly Value[], byName: Record<'id' | 'transaction', Value>): Tampered[] {
  const action = new URL(form.action);
  const out: Tampered[] = [];
  const withUrl = (change: (u: URL) => void) => {
    const u = new URL(action.href);
    change(u);
    return u.href;
  };
  const segments = action.pathname.split('/');
  segments.forEach((segment, i) => {
    if (segment === '') return;
    for (const v of values)
      out.push({
        url: withUrl((u) => (u.pathname = segments.map((s, j) => (j === i ? encodeURIComponent(v.value) : s)).join('/'))),
        fields: form.fields,
        what: `path segment ${i} "${segment}" replaced by ${v.what}`,
      });
  });
  for (const key of new Set(action.searchParams.keys()))
    for (const v of values)
      out.push({ url: withUrl((u) => u.searchParams.set(key, v.value)), fields: form.fields, what: `query parameter ${key} replaced by ${v.what}` });
  form.fields.forEach(([name, value], i) => {
    for (const v of values)
      out.push({
        url: action.href,
        fields: form.fields.map((f, j): [string, string] => (j === i ? [name, v.value] : f)),
        what: `field ${name} ("${value}") replaced by ${v.what}`,
      });
  });
  for (const [name, of] of IDENTIFIER_NAMES) {
    const v = byName[of];
    out.push({ url: action.href, fields: [...form.fields, [name, v.value]], what: `field ${name}=${v.what} added` });
    out.push({ url: withUrl((u) => u.searchParams.append(name, v.value)), fields: form.fields, what: `query parameter ${name}=${v.what} added` });
  }
  return out;
}
