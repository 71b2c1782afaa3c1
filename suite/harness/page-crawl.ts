// The addresses a payer (and every program that sees what the payer sees) is handed: redirect_url and the
// deeplinks of the invoice answer, and, on a page as Chromium renders it (content a script builds included), every
// link, form (action, method, every field, hidden ones included), button form action and meta refresh; the Location
// of every redirect met on the way. Kept to the provider's own origins: the merchant's return_url is where the payer
// goes, not the provider's to answer.
import type { Page } from '@playwright/test';
import type { InvoiceResponse } from '../../contracts/index.js';
import type { Exchange } from './exchange.js';

/** An address and where it was found, for evidence. */
export interface Found {
  url: string;
  from: string;
}

/** A form as the page renders it: its action resolved, its method, its successful fields (hidden ones included). */
export interface PageForm {
  action: string;
  method: string;
  fields: [string, string][];
}

export interface PageAddresses {
  links: Found[];
  forms: PageForm[];
}

/** Read in the page: `form.action` and `form.method` may be shadowed by fields of those names, so attributes are resolved. */
export async function addressesOnPage(page: Page): Promise<PageAddresses> {
  const read = await page.evaluate(() => {
    const abs = (u: string | null) => {
      try {
        return u === null ? undefined : new URL(u, document.baseURI).href;
      } catch {
        return undefined;
      }
    };
    const links = Array.from(document.querySelectorAll('a[href], area[href]')).map((e) => ({
      url: abs(e.getAttribute('href')),
      from: `link <${e.tagName.toLowerCase()}> "${(e.textContent ?? '').trim().slice(0, 40)}"`,
    }));
    const refresh = Array.from(document.querySelectorAll('meta[http-equiv]'))
      .filter((m) => m.getAttribute('http-equiv')!.toLowerCase() === 'refresh')
      .map((m) => ({ url: abs(/url\s*=\s*['"]?([^'"\s]+)/i.exec(m.getAttribute('content') ?? '')?.[1] ?? null), from: 'meta refresh' }));
    const buttonActions = Array.from(document.querySelectorAll('[formaction]')).map((e) => ({
      url: abs(e.getAttribute('formaction')),
      from: 'button formaction',
    }));
    const forms = Array.from(document.forms).map((f) => ({
      action: abs(f.getAttribute('action') ?? '') ?? document.URL,
      method: (f.getAttribute('method') ?? 'get').toLowerCase(),
      fields: Array.from(f.elements)
        .filter(
          (e): e is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement => 'name' in e && 'value' in e && typeof e.name === 'string' && e.name !== '',
        )
        .filter((e) => !(e as HTMLInputElement).disabled)
        .filter(
          (e) =>
            !(e instanceof HTMLInputElement) ||
            (!['submit', 'button', 'reset', 'image', 'file'].includes(e.type) && (!['checkbox', 'radio'].includes(e.type) || e.checked)),
        )
        .filter((e) => !(e instanceof HTMLButtonElement))
        .map((e) => [e.name, e.value] as [string, string]),
    }));
    return { links: [...links, ...refresh, ...buttonActions], forms };
  });
  return { links: read.links.filter((l): l is Found => l.url !== undefined), forms: read.forms };
}

/**
 * The addresses an invoice answer hands out: redirect_url and every deeplink value that is a string (an answer not
 * yet validated may carry other types: those are not addresses).
 */
export function handedOut(response: InvoiceResponse | Record<string, unknown>): Found[] {
  const { redirect_url: redirectUrl, deeplink } = response as Record<string, unknown>;
  const deeplinks = Object.entries(deeplink !== null && typeof deeplink === 'object' ? deeplink : {}).filter(
    (e): e is [string, string] => typeof e[1] === 'string',
  );
  return [
    ...(typeof redirectUrl === 'string' ? [{ url: redirectUrl, from: 'redirect_url' }] : []),
    ...deeplinks.map(([key, url]) => ({ url, from: `deeplink ${key}` })),
  ];
}

const isHttp = (url: string) => /^https?:\/\//i.test(url);

/** The value and what percent-decoding makes of it (an app address carries the page address encoded once or twice). */
export function decodings(value: string): string[] {
  const out = [value];
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(out[out.length - 1]!);
    } catch {
      break;
    }
    if (next === out[out.length - 1]) break;
    out.push(next);
  }
  return out;
}

/**
 * The http(s) addresses a handed-out value leads to: the value itself when it is one; else (an app scheme, which
 * only its app opens) the http(s) addresses written inside it, decoded.
 */
export function httpAddressesIn(value: string): string[] {
  if (isHttp(value)) return [value];
  const found = new Set<string>();
  for (const text of decodings(value).slice(1)) for (const m of text.matchAll(/https?:\/\/[^\s"'<>&]+/gi)) if (URL.canParse(m[0])) found.add(m[0]);
  return [...found];
}

/** The provider's own origins: the API's and its pages'. Only these are fetched. */
export class OwnOrigins {
  private readonly origins = new Set<string>();

  constructor(...urls: string[]) {
    for (const u of urls) this.add(u);
  }

  add(url: string): void {
    if (URL.canParse(url) && isHttp(url)) this.origins.add(new URL(url).origin);
  }

  owns(url: string): boolean {
    return URL.canParse(url) && isHttp(url) && this.origins.has(new URL(url).origin);
  }

  toString(): string {
    return [...this.origins].join(', ');
  }
}

/** The address a redirect answer sends to, resolved against the request's. */
export function redirectTarget(exchange: Exchange): string | undefined {
  const res = exchange.response;
  const location = res?.headers.location;
  if (!res || res.status < 300 || res.status > 399 || !location || !URL.canParse(location, exchange.request.url)) return undefined;
  return new URL(location, exchange.request.url).href;
}

/** An address without its fragment (never sent), for telling addresses apart. */
const withoutFragment = (url: string) => url.replace(/#.*$/s, '');

/** A queue of addresses, each taken once (fragments aside), up to `max`. */
export class AddressQueue {
  private readonly seen = new Set<string>();
  private readonly queue: Found[] = [];

  constructor(private readonly max: number) {}

  /** Adds the address if it is new; false when it was seen or the queue is full. */
  add(found: Found): boolean {
    const key = withoutFragment(found.url);
    if (this.seen.has(key) || this.seen.size >= this.max) return false;
    this.seen.add(key);
    this.queue.push({ ...found, url: key });
    return true;
  }

  next(): Found | undefined {
    return this.queue.shift();
  }

  get taken(): number {
    return this.seen.size;
  }
}
