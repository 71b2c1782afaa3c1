// What the reference provider makes of the header fields a proxy sets (X-Forwarded-*, Forwarded, Host): by default
// nothing, as a provider behind a trusted proxy that does not take them from clients. The faults that trust them and
// the variations that refuse them are here (docs/security-probes.md, intermediary headers).
import type { IncomingMessage } from 'node:http';
import type { Ctx } from './context.js';
import type { ErrorResponse } from './errors.js';

/** Header fields that only a proxy in front of the provider may set. */
const FORWARDING = ['x-forwarded-host', 'x-forwarded-for', 'x-forwarded-proto', 'x-real-ip', 'forwarded', 'x-host'] as const;

/** Variation forwarded-headers-refused: the edge refuses a client's request that carries a proxy's header fields. */
const FORWARDING_REFUSED: ErrorResponse = { status: 400, message: 'Proxy header fields are not accepted from clients' };
/** Variation host-misdirected-421: a Host that is not the provider's own (RFC 9110 15.5.20). */
const MISDIRECTED: ErrorResponse = { status: 421, message: 'Misdirected request' };

/** The refusal an edge variation gives this request before any processing, if any. */
export function edgeRefusal(req: IncomingMessage, ctx: Ctx): ErrorResponse | undefined {
  if (ctx.variations.has('host-misdirected-421') && req.headers.host !== new URL(ctx.baseUrl).host) return MISDIRECTED;
  if (ctx.variations.has('forwarded-headers-refused') && FORWARDING.some((h) => req.headers[h] !== undefined)) return FORWARDING_REFUSED;
  return undefined;
}

/** Fault redirect-url-from-forwarded-host: the page addresses built from X-Forwarded-Host and -Proto, as a framework's "request origin" does. */
export function invoiceCtx(req: IncomingMessage, ctx: Ctx): Ctx {
  const host = first(req.headers['x-forwarded-host']);
  if (!ctx.faults.has('redirect-url-from-forwarded-host') || !host) return ctx;
  const proto = first(req.headers['x-forwarded-proto']) ?? 'http';
  return { ...ctx, pageUrl: `${proto}://${host}${new URL(ctx.pageUrl).pathname}` };
}

/** Fault antifraud-reads-forwarded-for: the payer's address taken from X-Forwarded-For (its first entry), else X-Real-IP. */
export function headerClientIp(req: IncomingMessage, ctx: Ctx): string | undefined {
  if (!ctx.faults.has('antifraud-reads-forwarded-for')) return undefined;
  return first(req.headers['x-forwarded-for']) ?? first(req.headers['x-real-ip']);
}

/** The first comma-separated entry of a header field, trimmed. */
function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  const entry = text?.split(',')[0]?.trim();
  return entry ? entry : undefined;
}
