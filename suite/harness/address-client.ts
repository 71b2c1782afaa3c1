// Requests to the addresses the provider hands out (its payment page's origin, which may not be the API's): any
// method, no redirect followed (a redirect is an answer, and where it leads is an address of its own), with the
// pooled client's rules for transport trouble, each exchange kept as evidence beside the API's. One client per
// origin, closed when the check is done.
import type { Page } from '@playwright/test';
import { HttpClient } from './client.js';
import type { Exchange } from './exchange.js';
import type { ProviderApi } from './provider-api.js';

/** A link preview's request (Slack's unfurler): no cookies, a bot's User-Agent, any type. */
export const PREVIEW_HEADERS: Readonly<Record<string, string>> = {
  'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  accept: '*/*',
};

interface AddressRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

export class AddressClient {
  private readonly clients = new Map<string, HttpClient>();

  constructor(private readonly api: ProviderApi) {}

  /** `request` to the absolute `url`; the exchange is kept as the check's evidence. */
  async send(url: string, request: AddressRequest): Promise<Exchange> {
    const { origin, pathname, search } = new URL(url);
    let client = this.clients.get(origin);
    if (!client)
      this.clients.set(origin, (client = new HttpClient({ baseUrl: origin, timeoutSeconds: this.api.requestTimeoutMs / 1000, breakerStateFile: null })));
    return this.api.noteExchange(await client.send({ method: request.method, path: pathname + search, headers: request.headers, body: request.body }));
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.close()));
  }
}

/** Runs `body` with an address client, closed after. */
export async function withAddressClient<T>(api: ProviderApi, body: (client: AddressClient) => Promise<T>): Promise<T> {
  const client = new AddressClient(api);
  try {
    return await body(client);
  } finally {
    await client.close();
  }
}

/** The headers a browser tab sends to `url`: its User-Agent, an HTML Accept, and the tab's cookies for that address. */
export async function browserHeaders(page: Page, url: string): Promise<Record<string, string>> {
  const [userAgent, cookies] = await Promise.all([page.evaluate(() => navigator.userAgent).catch(() => 'Mozilla/5.0'), page.context().cookies(url)]);
  const headers: Record<string, string> = { 'user-agent': userAgent, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  if (cookies.length > 0) headers.cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return headers;
}
