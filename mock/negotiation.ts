// Content negotiation of the JSON operations (RFC 9110 8.3, 8.4, 12.5.1): what a request's media type, content
// coding and Accept ask for, and how the reference provider answers them. The default profile's choices: another
// media type or a content coding is refused 415, Accept is not judged (the JSON answer, as if it were absent).
import type { IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Ctx } from './context.js';
import type { ErrorResponse } from './errors.js';

/** The content codings of a request, lower case, identity left out ([] for an uncoded body). */
function contentCodings(req: IncomingMessage): string[] {
  return (req.headers['content-encoding'] ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

/** How a coded body is read: decoded (variation gzip-decoded), taken as it is (fault content-encoding-ignored-carried-out), or refused 415. */
type CodingReading = 'none' | 'gunzip' | 'ignore' | 'refuse';

export function codingReading(req: IncomingMessage, ctx: Ctx): CodingReading {
  const codings = contentCodings(req);
  if (codings.length === 0) return 'none';
  const gzip = codings.length === 1 && (codings[0] === 'gzip' || codings[0] === 'x-gzip');
  // A stack of the panel: body-parser and API Gateway decode gzip and refuse the rest; most read the bytes as they come.
  if (ctx.stack) return ctx.stack.coding === 'decode' ? (gzip ? 'gunzip' : 'refuse') : ctx.stack.coding;
  // Fault gzip-body-signature-skipped decodes gzip too (after the signature layer: server.ts routes it past the digest).
  if (gzip && (ctx.variations.has('gzip-decoded') || ctx.faults.has('gzip-body-signature-skipped'))) return 'gunzip';
  if (ctx.faults.has('content-encoding-ignored-carried-out')) return 'ignore';
  return 'refuse';
}

type Decoded = { ok: true; bytes: Buffer } | { ok: false; reason: 'too-large' | 'malformed' };

/** A gzip body decoded, at most `limit` bytes of it: a small body that expands past that is refused, never decoded on. */
export function gunzipped(bytes: Buffer, limit: number): Decoded {
  try {
    return { ok: true, bytes: gunzipSync(bytes, { maxOutputLength: limit }) };
  } catch (e) {
    return { ok: false, reason: (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'malformed' };
  }
}

/** The q of the most specific media range of an Accept header that matches application/json (0 when none does). */
function jsonQuality(accept: string): number {
  let best = { specificity: -1, q: 0 };
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    const specificity = type === 'application/json' ? 2 : type === 'application/*' ? 1 : type === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = params.find((p) => p.startsWith('q='));
    best = { specificity, q: q === undefined ? 1 : Number(q.slice(2)) || 0 };
  }
  return best.q;
}

/** Whether a request's Accept takes application/json (no Accept takes anything). */
function acceptsJson(req: IncomingMessage): boolean {
  const accept = req.headers.accept;
  return accept === undefined || accept.trim() === '' || jsonQuality(accept) > 0;
}

/**
 * What the Accept of a JSON request gets before its body is read: variation accept-406 refuses one that does not take
 * JSON; fault accept-xml-server-error fails on one that names XML. Undefined: answered as if Accept were absent.
 */
export function acceptRefusal(req: IncomingMessage, ctx: Ctx): ErrorResponse | undefined {
  if (ctx.faults.has('accept-xml-server-error') && /\bapplication\/xml\b/i.test(req.headers.accept ?? '')) return ctx.err.unknown;
  if (ctx.variations.has('accept-406') && !acceptsJson(req)) return ctx.err.notAcceptable;
  return undefined;
}

/**
 * What a request is refused with once its payment is made: fault accept-406-after-create (the answer's serializer
 * refuses an Accept without JSON), fault media-type-refused-after-create (a content-type filter that runs after the
 * handler refuses another media type). Undefined: the handler's own answer.
 */
export function refusalAfterCreating(req: IncomingMessage, ctx: Ctx, otherType: boolean): ErrorResponse | undefined {
  if (ctx.faults.has('accept-406-after-create') && !acceptsJson(req)) return ctx.err.notAcceptable;
  if (ctx.faults.has('media-type-refused-after-create') && otherType) return ctx.err.unsupportedMediaType;
  return undefined;
}

/** Fault media-type-refused-after-create: another media type reaches the handler (refusalAfterCreating refuses it after). */
export function createsBeforeTypeCheck(ctx: Ctx): boolean {
  return ctx.faults.has('media-type-refused-after-create');
}

/** Fault other-media-type-skips-signature: text/plain bodies reach the invoice through a route without the digest check. */
export function plainTextRoute(type: string, ctx: Ctx): boolean {
  return ctx.faults.has('other-media-type-skips-signature') && type === 'text/plain';
}

/** Variation media-type-read-as-json: the body is read as JSON whatever its Content-Type says. */
export function readsAnyMediaType(ctx: Ctx): boolean {
  return ctx.variations.has('media-type-read-as-json');
}

/** The 415 for a content coding the provider does not take names the codings it does (RFC 9110 15.5.16, 12.5.3). */
export const CODING_REFUSAL_HEADERS = { 'accept-encoding': 'identity' } as const;
