// Faults of a provider that fails on one input, as its front shows it: the worker dies or hangs on the input and
// the gateway in front answers for it. Each input class fails every time, so sending it again after a request that
// succeeds still fails: what tells such a provider from a flaky network (mock/network.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ctx } from '../context.js';

/** Fault gateway-504-on-long-text: how long the front waits for the hung worker before its 504. */
const HUNG_WORKER_MS = 1000;
/** Fault gateway-504-on-long-text: a client_id longer than this hangs the worker (a pattern that backtracks). */
const LONG_TEXT_CHARS = 8192;

function gatewayPage(res: ServerResponse, status: 502 | 504): void {
  const title = status === 502 ? '502 Bad Gateway' : '504 Gateway Time-out';
  const html = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  res.writeHead(status, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(html) }).end(html);
}

/**
 * Whether the front answered for the invoice's worker (the faults of this file): true when it did, and the handler
 * must not run.
 */
export function frontFailsOn(req: IncomingMessage, res: ServerResponse, ctx: Ctx, path: string, body: Record<string, unknown>): boolean {
  const { faults } = ctx;
  if (path !== ctx.profile.paths.invoice) return false;
  const description = typeof body.description === 'string' ? body.description : '';
  const payload = typeof body.payload === 'object' && body.payload !== null ? (body.payload as Record<string, unknown>) : {};
  if (faults.has('gateway-502-on-markup') && description.includes('<')) {
    gatewayPage(res, 502);
    return true;
  }
  if (faults.has('reset-on-control-characters') && /[\u0000-\u001f]/.test(description)) {
    req.socket.destroy();
    return true;
  }
  if (faults.has('gateway-504-on-long-text') && typeof payload.client_id === 'string' && payload.client_id.length > LONG_TEXT_CHARS) {
    ctx.later.run(HUNG_WORKER_MS, () => gatewayPage(res, 504));
    return true;
  }
  return false;
}
