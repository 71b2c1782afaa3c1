// What a stack of the panel (catalog.ts) does around the clean provider's handlers: the answers its server gives
// itself (a method its parser refuses, a path outside the API), how its answers go out (header case, the headers
// every answer carries, the connection closed after some statuses), and how it keeps connections. The handlers
// read the rest of a stack's behaviour at their own seams (coding, OPTIONS, trailing slash, press redirect, body
// limit, JSON type).
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { StackBehaviour } from './catalog.js';

const JSON_MESSAGE = (message: string) => JSON.stringify({ message });

/** A whole answer for a bare socket, the connection closed after it. */
function raw(status: number, headers: Record<string, string>, body: string): string {
  const lines = Object.entries({ ...headers, ...(body ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}), Connection: 'close' }).map(
    ([k, v]) => `${k}: ${v}\r\n`,
  );
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`;
}

const NGINX_400 =
  '<html>\r\n<head><title>400 Bad Request</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const CLOUDFRONT_403 =
  '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><HTML><HEAD><TITLE>ERROR: The request could not be satisfied</TITLE></HEAD><BODY><H1>403 ERROR</H1><H2>The request could not be satisfied.</H2></BODY></HTML>';

/**
 * What the stack answers to a method token Node's parser refused (`packet`: the bytes it had read), written on the
 * socket; the parser gave up on the connection, so it closes after.
 */
export function unknownMethodAnswer(stack: StackBehaviour, packet: Buffer | undefined): string {
  const lower = /^[a-z]/.test(packet?.subarray(0, 1).toString('latin1') ?? '');
  switch (stack.unknownMethod) {
    case 'bare-400':
      return 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
    case 'json-400':
      return raw(400, { 'Content-Type': 'application/json' }, JSON.stringify({ error: 'Bad Request', message: 'Client Error', statusCode: 400 }));
    case 'gateway-403':
      return raw(403, { 'Content-Type': 'text/html', Server: 'CloudFront', 'X-Cache': 'Error from cloudfront' }, CLOUDFRONT_403);
    case 'method-not-allowed-lower-400':
      if (lower) return raw(400, { 'Content-Type': 'text/html' }, NGINX_400);
      break;
  }
  return raw(405, { 'Content-Type': stack.jsonType, Allow: 'POST' }, JSON_MESSAGE('Method not allowed'));
}

const canonical = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

/** A response's header names as the stack writes them. */
function renamed(stack: StackBehaviour, headers: unknown): unknown {
  const name = stack.headerCase === 'lower' ? (n: string) => n.toLowerCase() : canonical;
  if (Array.isArray(headers)) return headers.map((v: unknown, i) => (i % 2 === 0 && typeof v === 'string' ? name(v) : v));
  if (headers === null || typeof headers !== 'object') return headers;
  return Object.fromEntries(Object.entries(headers as Record<string, unknown>).map(([k, v]) => [name(k), v]));
}

/**
 * The stack around one answer: the headers every answer carries, header names in its case, and the connection closed
 * after the statuses its server drops connections on.
 */
export function dressAnswer(stack: StackBehaviour, res: ServerResponse): void {
  for (const [k, v] of Object.entries(stack.headers())) res.setHeader(k, v);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (stack.connection.closeEvery || stack.connection.closeAfter?.includes(status)) res.setHeader('Connection', 'close');
    return writeHead(status, ...rest.map((a) => (typeof a === 'string' ? a : renamed(stack, a))));
  }) as ServerResponse['writeHead'];
}

/** What the stack answers to a path outside the API and the pages. */
export function notFoundPage(stack: StackBehaviour, req: IncomingMessage, res: ServerResponse, path: string): void {
  const page = stack.notFound(req.method ?? 'GET', path, /json/i.test(req.headers.accept ?? ''));
  const headers: Record<string, string> = { ...page.headers, 'Content-Length': String(Buffer.byteLength(page.body)) };
  if (page.type !== undefined) headers['Content-Type'] = page.type;
  res.writeHead(page.status, headers);
  res.end(page.body);
}

/** Keeps connections as the stack does: its idle time, announced in Keep-Alive or not; its most requests a connection. */
export function keepConnections(stack: StackBehaviour, server: Server): void {
  const { idleMs, announced, maxRequests } = stack.connection;
  server.keepAliveTimeout = announced && idleMs !== undefined ? idleMs : 0;
  if (maxRequests !== undefined) server.maxRequestsPerSocket = maxRequests;
  if (!announced && idleMs !== undefined) closeIdle(server, idleMs);
}

/** Closes each connection `ms` after its last answer, unless another request came: no Keep-Alive header tells the client. */
export function closeIdle(server: Server, ms: number): void {
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  const idle = (socket: Socket) => {
    clearTimeout(timers.get(socket));
    timers.set(
      socket,
      setTimeout(() => socket.end(), ms),
    );
  };
  server.on('connection', idle);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    clearTimeout(timers.get(req.socket));
    res.on('finish', () => idle(req.socket));
  });
}

/** `100 Continue` when the handler first reads the body, not before (Kestrel, Go): a refusal that reads nothing sends none. */
export function continueOnRead(server: Server, handle: (req: IncomingMessage, res: ServerResponse) => void): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    let sent = false;
    req.on('newListener', (event: string) => {
      if (sent || (event !== 'data' && event !== 'readable')) return;
      sent = true;
      res.writeContinue();
    });
    handle(req, res);
  });
}
