// The signed client of the provider under test: one method per operation, each returning the raw
// Exchange so the check decides what is right. Every exchange is handed to the evidence recorder.
import { randomUUID } from 'node:crypto';
import type { Profile } from '../../contracts/index.js';
import { xSign, xSignAsync } from '../../generators/signing.js';
import type { HttpClient, SendOptions } from './client.js';
import { describedParts, type Exchange } from './exchange.js';

export interface Merchant {
  apiKey: string;
  cryptoKey: string;
  /** Absent when no XSIGN_PRIVATE_KEY was given: account-to-card checks are then skipped. */
  privateKeyPem?: string;
}

export interface JsonSendOptions {
  /** Exact body text to send instead of JSON.stringify(body) (malformed JSON, big integer literals). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** After transport trouble: the same bytes again (default), or none (a burst whose requests must leave together). */
  retry?: SendOptions['retry'];
  /** Sent even while the client's breaker is open (a control: does the provider answer now?). */
  probe?: boolean;
}

interface Account2CardSendOptions extends JsonSendOptions {
  /** 'sign' (default): X-Sign over the exact body bytes with the merchant key; null: no header; a string: that value. */
  xSign?: 'sign' | null | string;
}

interface UploadParts {
  api_key?: string;
  file?: {
    filename: string;
    contentType: string;
    bytes: Uint8Array;
    /**
     * 'filename*': the name in an RFC 8187 extended parameter (UTF-8, percent-encoded), which carries what the
     * platform's encoder rewrites (CR, LF, quotes) to the provider as it is; default the platform's `filename`.
     */
    filenameParameter?: 'filename' | 'filename*';
  };
}

/** The platform's own multipart encoder; the bytes and boundary are read back to send them pooled. */
async function platformMultipart(parts: UploadParts): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  if (parts.api_key !== undefined) form.append('api_key', parts.api_key);
  if (parts.file) form.append('file', new Blob([Buffer.from(parts.file.bytes)], { type: parts.file.contentType }), parts.file.filename);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? 'multipart/form-data' };
}

/** The same parts, the file named by `filename*=UTF-8''…` (RFC 8187): every byte outside the attribute characters percent-encoded. */
function extendedFilenameMultipart(parts: UploadParts): { body: Buffer; contentType: string } {
  const boundary = `----pts${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  const head = (text: string) => chunks.push(Buffer.from(text, 'utf8'));
  if (parts.api_key !== undefined) head(`--${boundary}\r\nContent-Disposition: form-data; name="api_key"\r\n\r\n${parts.api_key}\r\n`);
  if (parts.file) {
    const name = encodeURIComponent(parts.file.filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    head(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${name}\r\nContent-Type: ${parts.file.contentType}\r\n\r\n`);
    chunks.push(Buffer.from(parts.file.bytes));
    head('\r\n');
  }
  head(`--${boundary}--\r\n`);
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** X-Sign in the profile's encoding; the signer gives standard base64. */
function encodeSignature(base64: string, encoding: Profile['account2card']['xSignEncoding']): string {
  if (encoding === 'base64') return base64;
  return Buffer.from(base64, 'base64').toString(encoding === 'hex' ? 'hex' : 'base64url');
}

/** The run's second merchant (API_KEY_2) and where its exchanges go: the evidence only, since the run's ledger holds the first merchant's payments. */
interface SecondMerchant {
  merchant: Merchant;
  record: (exchange: Exchange) => void;
}

export class ProviderApi {
  private asSecond: ProviderApi | undefined;

  constructor(
    private readonly http: HttpClient,
    readonly profile: Profile,
    readonly merchant: Merchant,
    private readonly record: (exchange: Exchange) => void,
    /** The provider's plain http address beside an https BASE_URL (PLAIN_HTTP_URL or its default); undefined otherwise. */
    readonly plainHttpUrl?: string,
    private readonly second?: SecondMerchant,
  ) {}

  /** The same provider spoken to as the run's second merchant, or undefined when none is configured (API_KEY_2 unset). */
  get secondMerchant(): ProviderApi | undefined {
    if (this.second === undefined) return undefined;
    return (this.asSecond ??= new ProviderApi(this.http, this.profile, this.second.merchant, this.second.record));
  }

  /** The API's base address (BASE_URL): its origin is one of the provider's own. */
  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** How long one request may wait for its response (REQUEST_TIMEOUT): a press on the page is one request too. */
  get requestTimeoutMs(): number {
    return this.http.timeoutMs;
  }

  /** How many requests can be sent at once: none when RATE_LIMIT spaces them, MAX_IN_FLIGHT's share when that is set. */
  get atOnce(): number {
    return this.http.rateLimited ? 1 : (this.http.maxInFlight ?? Number.POSITIVE_INFINITY);
  }

  private async track(promise: Promise<Exchange>): Promise<Exchange> {
    const exchange = await promise;
    this.record(exchange);
    return exchange;
  }

  postJson(path: string, body: unknown, opts: JsonSendOptions = {}): Promise<Exchange> {
    const text = opts.rawBody ?? JSON.stringify(body);
    return this.track(
      this.http.send({ path, body: text, headers: { 'content-type': 'application/json', ...(opts.headers ?? {}) }, retry: opts.retry, probe: opts.probe }),
    );
  }

  /**
   * A payment request: sent again after transport trouble, the same bytes may meet the payment the lost try
   * created, and be refused as a duplicate transaction (a refusal keyed `transaction` alone: a body broken in
   * another way is refused keyed by that too). What the first try got is then unknown: not judged.
   */
  private async payment(path: string, body: unknown, opts: JsonSendOptions): Promise<Exchange> {
    return this.lostTryMet(await this.postJson(path, body, opts));
  }

  /** A payment request sent again and refused as a used transaction met the payment its lost try made: not judged. */
  private lostTryMet(exchange: Exchange): Exchange {
    const res = exchange.response;
    const refusedAsUsed =
      exchange.retries?.length &&
      res?.status === this.profile.http.validation &&
      typeof res.json === 'object' &&
      res.json !== null &&
      Object.keys(res.json).join() === 'transaction';
    return refusedAsUsed ? { ...exchange, unavailable: true } : exchange;
  }

  invoice(body: unknown, opts: JsonSendOptions = {}): Promise<Exchange> {
    return this.payment(this.profile.paths.invoice, body, opts);
  }

  status(body: unknown, opts?: JsonSendOptions): Promise<Exchange> {
    return this.postJson(this.profile.paths.status, body, opts);
  }

  /** The X-Sign value of these exact body bytes, in the profile's encoding (needs XSIGN_PRIVATE_KEY). */
  xSignFor(body: string | Buffer): string {
    if (!this.merchant.privateKeyPem) throw new Error('account2card needs XSIGN_PRIVATE_KEY');
    return encodeSignature(xSign(body, this.merchant.privateKeyPem), this.profile.account2card.xSignEncoding);
  }

  async account2card(body: unknown, opts: Account2CardSendOptions = {}): Promise<Exchange> {
    const text = opts.rawBody ?? JSON.stringify(body);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const mode = opts.xSign === undefined ? 'sign' : opts.xSign;
    if (mode === 'sign') {
      if (!this.merchant.privateKeyPem) throw new Error('account2card needs XSIGN_PRIVATE_KEY');
      headers['X-Sign'] = encodeSignature(await xSignAsync(text, this.merchant.privateKeyPem), this.profile.account2card.xSignEncoding);
    } else if (mode !== null) headers['X-Sign'] = mode;
    return this.payment(this.profile.paths.account2card, undefined, { rawBody: text, headers, retry: opts.retry, probe: opts.probe });
  }

  async upload(parts: UploadParts, opts: Pick<JsonSendOptions, 'probe' | 'headers'> = {}): Promise<Exchange> {
    const { body, contentType } = parts.file?.filenameParameter === 'filename*' ? extendedFilenameMultipart(parts) : await platformMultipart(parts);
    const multipart = describedParts([
      ...(parts.api_key !== undefined ? [{ name: 'api_key', value: parts.api_key }] : []),
      ...(parts.file ? [{ name: 'file', file: parts.file }] : []),
    ]);
    return this.track(
      this.http.send({
        path: this.profile.paths.upload,
        body,
        multipart,
        headers: { ...opts.headers, 'content-type': contentType },
        probe: opts.probe,
      }),
    );
  }

  /** An earlier exchange's request again, the same bytes, past the client's breaker. */
  resend(exchange: Exchange): Promise<Exchange> {
    return this.track(this.http.resend(exchange.request));
  }

  /** An exchange another client had with the provider (an address of its pages: `address-client.ts`), kept as evidence like the API's. */
  noteExchange(exchange: Exchange): Exchange {
    this.record(exchange);
    return exchange;
  }

  /**
   * A request exactly as given (path, header names and values, body bytes; chunked or not), for the relations
   * between spellings of one request. A payment request's lost try is told as for the signed methods.
   */
  async raw(
    req: { method: string; path: string; headers: Record<string, string>; body: Buffer; chunked?: boolean },
    multipart?: SendOptions['multipart'],
    coded?: SendOptions['coded'],
  ): Promise<Exchange> {
    const { method, path, headers, body, chunked } = req;
    return this.lostTryMet(await this.track(this.http.send({ method, path, headers, body, chunked, multipart, coded })));
  }

  /** Any method on any path, for transport rules (405, 404). */
  request(method: string, path: string, body?: string, headers?: Record<string, string>): Promise<Exchange> {
    return this.track(this.http.send({ method, path, body, headers }));
  }
}
