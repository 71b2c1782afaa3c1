// Methods other than POST on the API paths, and CONNECT. By default every other method gets 405 with
// `Allow: POST` (RFC 9110 15.5.6), an unknown or lower-case method token is Node's parser's 400 (answered by the
// server's clientError handler), and CONNECT closes the connection (node:http with no 'connect' listener). The
// faults and variations of method handling are the guarded branches here.
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Ctx } from './context.js';
import type { ErrorResponse } from './errors.js';
import { JSON_TYPE, sendError } from './respond.js';

/** Variation methods-501: TRACE and unknown method tokens are not implemented (RFC 9110 9.1, 15.6.2). */
const NOT_IMPLEMENTED: ErrorResponse = { status: 501, message: 'Method not implemented' };

/** Variation options-204-allow: what an OPTIONS (and a CORS preflight) is told. */
const OPTIONS_HEADERS = {
  allow: 'POST, OPTIONS',
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers': 'content-type, x-sign',
  'access-control-max-age': '600',
};

/** The method is carried out by the path's handler: POST, and the methods a fault routes there too. */
export function carriedOut(method: string | undefined, ctx: Ctx): boolean {
  const { faults } = ctx;
  return (
    method === 'POST' ||
    (method === 'GET' && faults.has('get-allowed')) ||
    // Fault options-carried-out: a router matching the path alone, whatever the method.
    (method === 'OPTIONS' && faults.has('options-carried-out')) ||
    // Fault head-carried-out: a framework that routes HEAD to the handler (of GET, here of POST) and drops the body.
    (method === 'HEAD' && faults.has('head-carried-out'))
  );
}

/** Answers a method the API path does not carry out (the request's body is drained, never read). */
export function refuseMethod(req: IncomingMessage, res: ServerResponse, ctx: Ctx): void {
  req.resume();
  if (req.method === 'TRACE' && ctx.faults.has('trace-echoed')) return echoTrace(req, res);
  if (req.method === 'TRACE' && ctx.variations.has('methods-501')) return sendError(res, ctx.out, NOT_IMPLEMENTED);
  if (req.method === 'OPTIONS' && ctx.variations.has('options-204-allow')) {
    res.writeHead(204, OPTIONS_HEADERS);
    return void res.end();
  }
  // A stack that answers OPTIONS itself with what the path takes (Spring, Express, Laravel).
  const options = ctx.stack?.options;
  if (req.method === 'OPTIONS' && typeof options === 'object') {
    res.writeHead(200, { allow: options.allow, 'content-type': 'text/plain', 'content-length': String(Buffer.byteLength(options.body ?? '')) });
    return void res.end(options.body ?? '');
  }
  sendError(res, ctx.out, ctx.err.methodNotAllowed, ctx.faults.has('method-405-without-allow') ? undefined : { allow: 'POST' });
}

/** Fault trace-echoed: TRACE answered 200 message/http with the request looped back, its header fields included. */
function echoTrace(req: IncomingMessage, res: ServerResponse): void {
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  res.writeHead(200, { 'content-type': 'message/http' });
  res.end(`${lines.join('\r\n')}\r\n\r\n`);
}

/**
 * What the parser's refusal of a method token (HPE_INVALID_METHOD: `FOO`, `post`) becomes: the default 400, 501
 * (variation methods-501), or undefined, the connection closed without an answer (variation unknown-method-closed).
 */
export function unknownMethodAnswer(ctx: Ctx): ErrorResponse | undefined {
  if (ctx.variations.has('unknown-method-closed')) return undefined;
  return ctx.variations.has('methods-501') ? NOT_IMPLEMENTED : ctx.err.badRequest;
}

/** A complete answer written on a bare socket, then closed (the parser gave up on the request, or CONNECT). */
export function rawAnswer(socket: Duplex, e: ErrorResponse, headers = ''): void {
  const text = JSON.stringify({ message: e.message });
  socket.end(
    `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status] ?? 'Error'}\r\n${headers}` +
      `content-type: ${JSON_TYPE}\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}

/**
 * CONNECT: without a listener node:http closes the connection (the default). Variation connect-405 refuses it with
 * an answer; fault connect-tunnel says the tunnel is established (an open proxy; nothing is relayed here).
 */
export function answerConnect(server: Server, ctx: Ctx): void {
  if (ctx.faults.has('connect-tunnel'))
    server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
      socket.on('error', () => undefined);
      socket.end('HTTP/1.1 200 Connection established\r\n\r\n');
    });
  else if (ctx.variations.has('connect-405'))
    server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
      socket.on('error', () => undefined);
      rawAnswer(socket, ctx.err.methodNotAllowed, 'allow: POST\r\n');
    });
}
