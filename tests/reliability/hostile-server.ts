// A deliberately broken provider on 127.0.0.1:<free port>, one misbehaviour at a time, written on
// node:net so that it can break HTTP in ways node:http would refuse to. Everything it does is bounded
// (bytes, time, connections) and stop() ends every socket and timer.
import { createServer, type Server, type Socket } from 'node:net';

export const HOSTILE_BEHAVIOURS = [
  'never-answers',
  'accept-and-close',
  'one-byte-a-second',
  'invalid-json',
  'body-50mb',
  'redirect-loop',
  'html-error-page',
  'content-length-over',
  'content-length-under',
] as const;
export type HostileBehaviour = (typeof HOSTILE_BEHAVIOURS)[number];

interface HostileServer {
  url: string;
  behaviour: HostileBehaviour;
  /** Requests whose headers were read (accept-and-close counts connections instead). */
  readonly requests: number;
  stop(): Promise<void>;
}

const MAX_CONNECTIONS = 64;
const MAX_REQUEST_BYTES = 1024 * 1024;
const HUGE_BODY_BYTES = 50 * 1024 * 1024;
const SLOW_BODY = '{"message":"this body arrives one byte a second"}';
const HTML_PAGE = '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>nginx</p></body></html>';

function head(status: string, headers: Record<string, string | number>): string {
  return `HTTP/1.1 ${status}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}

/** Reads requests off one connection (Content-Length or chunked bodies) and hands each to `onRequest`. */
function readRequests(socket: Socket, onRequest: (path: string, body: string) => void): void {
  let buffered = Buffer.alloc(0);
  let busy = false;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    if (buffered.length > MAX_REQUEST_BYTES) return void socket.destroy();
    if (busy) return; // one request at a time; the hostile answers mostly never finish anyway
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) return;
    const headerText = buffered.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(headerText)?.[1] ?? 0);
    const chunked = /\r\ntransfer-encoding:\s*chunked/i.test(headerText);
    const bodyStart = end + 4;
    let requestEnd: number;
    if (chunked) {
      const last = buffered.indexOf('0\r\n\r\n', bodyStart);
      if (last < 0) return;
      requestEnd = last + 5;
    } else {
      if (buffered.length < bodyStart + length) return;
      requestEnd = bodyStart + length;
    }
    const body = buffered.subarray(bodyStart, requestEnd).toString('utf8');
    buffered = buffered.subarray(requestEnd);
    busy = true;
    onRequest(headerText.split(' ')[1] ?? '/', body);
  });
}

/** The document's validation failure for an empty invoice: what the gate's preflight asks before any check. */
const EMPTY_INVOICE_ANSWER = '{"api_key":["The api_key field is required."]}';

/**
 * `looksLikeTheService`: an empty invoice `{}` gets the validation failure, as the gate's preflight expects, and every
 * other request the misbehaviour: a service that breaks once the checks start.
 */
export async function startHostileServer(behaviour: HostileBehaviour, options: { looksLikeTheService?: boolean } = {}): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let requests = 0;

  const later = (socket: Socket, ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!socket.destroyed) fn();
    }, ms);
    timers.add(t);
    return t;
  };

  /** Writes the answer then closes our side once it is flushed (every answer is Connection: close). */
  const answer = (socket: Socket, text: string) => socket.end(text);

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined); // the client hanging up is expected, never a crash
    if (sockets.size > MAX_CONNECTIONS) return void socket.destroy();
    if (behaviour === 'accept-and-close' && !options.looksLikeTheService) {
      requests++;
      return void socket.destroy();
    }
    readRequests(socket, (path, body) => {
      requests++;
      if (options.looksLikeTheService && body === '{}')
        return answer(
          socket,
          head('422 Unprocessable Entity', { 'Content-Type': 'application/json', 'Content-Length': EMPTY_INVOICE_ANSWER.length, Connection: 'close' }) +
            EMPTY_INVOICE_ANSWER,
        );
      switch (behaviour) {
        case 'accept-and-close':
          return void socket.destroy();
        case 'never-answers':
          return; // reads and keeps the connection; stop() ends it
        case 'one-byte-a-second': {
          // Status and headers at once, then the body one byte a second: a deadline must cover the body too.
          socket.write(head('200 OK', { 'Content-Type': 'application/json', 'Content-Length': SLOW_BODY.length, Connection: 'close' }));
          let i = 0;
          const next = () => {
            if (i >= SLOW_BODY.length) return void socket.end();
            socket.write(SLOW_BODY[i++]);
            later(socket, 1000, next);
          };
          return void later(socket, 1000, next);
        }
        case 'invalid-json': {
          const body = '{"transaction": "oops", "payment": {,,}';
          return answer(socket, head('200 OK', { 'Content-Type': 'application/json', 'Content-Length': body.length, Connection: 'close' }) + body);
        }
        case 'body-50mb': {
          socket.write(head('200 OK', { 'Content-Type': 'application/json', 'Content-Length': HUGE_BODY_BYTES, Connection: 'close' }));
          const spaces = Buffer.alloc(64 * 1024, 0x20);
          const first = Buffer.from(spaces);
          first[0] = 0x5b; // '[' then spaces: a JSON value that never closes within the cap
          let sent = 0;
          const pump = () => {
            while (sent < HUGE_BODY_BYTES && !socket.destroyed) {
              const n = Math.min(spaces.length, HUGE_BODY_BYTES - sent);
              const slice = (sent === 0 ? first : spaces).subarray(0, n);
              sent += n;
              if (!socket.write(slice)) return void socket.once('drain', pump);
            }
            if (sent >= HUGE_BODY_BYTES) socket.end();
          };
          return pump();
        }
        case 'redirect-loop':
          return answer(socket, head('302 Found', { Location: path, 'Content-Length': 0, Connection: 'close' }));
        case 'html-error-page':
          return answer(
            socket,
            head('500 Internal Server Error', {
              'Content-Type': 'text/html; charset=utf-8',
              'Content-Length': Buffer.byteLength(HTML_PAGE),
              Connection: 'close',
            }) + HTML_PAGE,
          );
        case 'content-length-over': {
          // Claims 1000 bytes, sends 20, closes.
          const body = '{"message":"short"}';
          socket.write(head('200 OK', { 'Content-Type': 'application/json', 'Content-Length': 1000 }) + body);
          return void later(socket, 50, () => socket.destroy());
        }
        case 'content-length-under': {
          // Claims 10 bytes, sends a longer body, closes.
          const body = '{"message":"this body is longer than its Content-Length says"}';
          socket.write(head('200 OK', { 'Content-Type': 'application/json', 'Content-Length': 10 }) + body);
          return void later(socket, 50, () => socket.destroy());
        }
      }
    });
  });
  server.maxConnections = MAX_CONNECTIONS;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    behaviour,
    get requests() {
      return requests;
    },
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
