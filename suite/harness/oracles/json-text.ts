// JSON answers as strict consumers read them. RFC 8259 8.1: "JSON text exchanged between systems that are not part
// of a closed ecosystem MUST be encoded using UTF-8" and "Implementations MUST NOT add a byte order mark (U+FEFF) to
// the beginning of a networked-transmitted JSON text". What JavaScript's JSON.parse takes silently but other
// parsers refuse or read otherwise (RFC 8259 4, 6, 8.2; I-JSON, RFC 7493 2.1-2.3): a name given twice with
// different values (Go and JavaScript keep the last, a streaming reader the first), a string holding half a
// surrogate pair (Go reads U+FFFD), an integer beyond 2^53 - 1 (JavaScript and every double-based parser round it).
import { isLosslessNumber, parse } from 'lossless-json';
import type { Exchange, ReceivedResponse } from '../exchange.js';
import type { Oracle } from './tally.js';

/** The answer when it declares itself JSON and came whole. */
function jsonAnswer(exchange: Exchange): ReceivedResponse | undefined {
  const r = exchange.response;
  return r !== undefined && !r.truncated && /[/+]json\b/i.test(r.headers['content-type'] ?? '') ? r : undefined;
}

export const answersAreUtf8: Oracle = {
  name: 'json-utf8',
  expected: 'JSON text encoded as UTF-8, with no byte order mark (RFC 8259 8.1)',
  judge(exchange) {
    const r = jsonAnswer(exchange);
    if (r === undefined) return undefined;
    return [...(r.notUtf8 ? ['bytes that are no UTF-8'] : []), ...(r.bodyText.startsWith('\uFEFF') ? ['a byte order mark before the JSON text'] : [])];
  },
};

/** A code point of half a surrogate pair (a whole pair is one code point under the u flag). */
const HALF_PAIR = /\p{Cs}/u;
/** A number written as an integer (an exponent or fraction is read as a double by everyone alike). */
const INTEGER_TEXT = /^-?\d+$/;

/** What in `value` other parsers read otherwise: half surrogate pairs in strings or names, integers past 2^53 - 1. */
function unportable(value: unknown, at: string, out: string[]): void {
  if (typeof value === 'string') {
    if (HALF_PAIR.test(value)) out.push(`half a surrogate pair in the string at ${at || '/'}`);
  } else if (isLosslessNumber(value)) {
    if (INTEGER_TEXT.test(value.value) && !Number.isSafeInteger(Number(value.value))) out.push(`the integer ${value.value} at ${at || '/'}, past 2^53 - 1`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => unportable(v, `${at}/${i}`, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (HALF_PAIR.test(k)) out.push(`half a surrogate pair in a member name at ${at || '/'}`);
      unportable(v, `${at}/${k}`, out);
    }
  }
}

export const answersAreInteroperable: Oracle = {
  name: 'json-read-alike',
  expected: 'member names unique, strings of whole characters, integers within 2^53 - 1 (RFC 8259 4, 6, 8.2; I-JSON, RFC 7493)',
  judge(exchange) {
    const r = jsonAnswer(exchange);
    if (r === undefined || r.json === undefined) return undefined;
    const out: string[] = [];
    try {
      unportable(parse(r.bodyText), '', out);
    } catch (e) {
      // lossless-json refuses a name given twice with different values: JSON.parse kept the last.
      out.push((e as Error).message);
    }
    return out;
  },
};
