// A front in front of the provider that frames each request itself and forwards it, framed again with one
// Content-Length, over one keep-alive connection per client: what a load balancer or API gateway does. Where its
// reading of a message's length differs from RFC 9112's, the bytes after what it took are the next request, and the
// provider behind it carries them out: request smuggling. Faults front-frames-by-content-length (Content-Length wins
// over Transfer-Encoding) and front-duplicate-content-length-first (the first of two Content-Length values); variation
// framing-te-wins (RFC 9112 6.1 and 6.3: Transfer-Encoding chunked wins, the connection closed after the answer).
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { FaultSet } from './faults/catalog.js';
import type { VariationSet } from './variations/catalog.js';

type FrontReading = 'content-length-wins' | 'first-content-length' | 'te-wins';

/** What the front takes as the body of one request. */
type Framing = { length: number } | 'chunked' | 'refuse' | 'pass-through';

const REFUSAL_BODY = '{"message":"Bad request"}';
const REFUSAL = `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${REFUSAL_BODY.length}\r\nconnection: close\r\n\r\n${REFUSAL_BODY}`;

function framingOf(reading: FrontReading, fields: readonly [string, string][]): Framing {
  const lengths = fields.filter(([n]) => n === 'content-length').map(([, v]) => v);
  const codings = fields.filter(([n]) => n === 'transfer-encoding').map(([, v]) => v);
  if (lengths.some((v) => !/^\d+$/.test(v))) return 'refuse';
  const agreed = new Set(lengths).size <= 1;
  if (reading === 'te-wins' && codings.length > 0) return /(^|,)\s*chunked$/i.test(codings.join(',')) ? 'chunked' : 'refuse';
  if (reading === 'content-length-wins' && lengths.length > 0) return agreed ? { length: Number(lengths[0]) } : 'refuse';
  if (reading === 'first-content-length' && codings.length === 0 && lengths.length > 0) return { length: Number(lengths[0]) };
  if (codings.length > 0) return 'pass-through'; // the server behind reads it
  return agreed ? { length: Number(lengths[0] ?? 0) } : 'refuse';
}

/** The chunked body at the start of `bytes` and what follows it; undefined while incomplete, 'refuse' when malformed. */
export function dechunked(bytes: Buffer): [Buffer, Buffer] | 'refuse' | undefined {
  const parts: Buffer[] = [];
  for (let at = 0; ;) {
    const eol = bytes.indexOf('\r\n', at);
    if (eol === -1) return undefined;
    const size = bytes.subarray(at, eol).toString('latin1').split(';')[0]!;
    if (!/^[0-9a-fA-F]{1,8}$/.test(size)) return 'refuse';
    at = eol + 2;
    const n = parseInt(size, 16);
    if (bytes.length < at + n + 2) return undefined;
    if (bytes.subarray(at + n, at + n + 2).toString('latin1') !== '\r\n') return 'refuse'; // no trailer fields taken
    if (n === 0) return [Buffer.concat(parts), bytes.subarray(at + 2)];
    parts.push(bytes.subarray(at, at + n));
    at += n + 2;
  }
}

/** One client connection: its requests framed by `reading`, forwarded to the provider at `port`. */
const CONTINUE = Buffer.from('HTTP/1.1 100 Continue\r\n\r\n', 'latin1');

function relay(client: Socket, host: string, port: number, reading: FrontReading): void {
  const backend = connect(port, host);
  let pending: Buffer = Buffer.alloc(0);
  let passing = false;
  let done = false; // a request was refused, or sent with Connection: close: nothing after it is read
  const drop = () => {
    client.destroy();
    backend.destroy();
  };
  let refused = false;
  let continued = false; // the request being read was answered 100 Continue
  // The answers to what was forwarded come first, in order; then the front's refusal, if it refused, and the close.
  backend.pipe(client, { end: false });
  backend.on('end', () => (refused ? client.end(REFUSAL) : client.end()));
  client.on('error', drop);
  backend.on('error', drop);
  client.on('end', () => backend.end());
  const refuse = () => {
    done = refused = true;
    backend.end();
  };
  const forward = () => {
    while (!done) {
      const headEnd = pending.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const [requestLine = '', ...fieldLines] = pending.subarray(0, headEnd).toString('latin1').split('\r\n');
      if (!/^[A-Z]+ \S+ HTTP\/1\.[01]$/.test(requestLine)) return refuse();
      const fields = fieldLines.map((l): [string, string] => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]);
      const framing = framingOf(reading, fields);
      if (framing === 'refuse') return refuse();
      if (framing === 'pass-through') {
        passing = true;
        backend.write(pending);
        return;
      }
      const after = pending.subarray(headEnd + 4);
      // A body held back for 100 Continue is asked for, once, as nginx does when it reads a body (RFC 9110 10.1.1).
      const askForBody = () => {
        if (continued || !fields.some(([n, v]) => n === 'expect' && /^100-continue$/i.test(v))) return;
        continued = true;
        client.write(CONTINUE);
      };
      let body: Buffer;
      let rest: Buffer;
      if (framing === 'chunked') {
        const read = dechunked(after);
        if (read === undefined) return askForBody();
        if (read === 'refuse') return refuse();
        [body, rest] = read;
        done = true; // RFC 9112 6.3: after a message with Transfer-Encoding and Content-Length, close after the answer
      } else {
        if (after.length < framing.length) return askForBody();
        [body, rest] = [after.subarray(0, framing.length), after.subarray(framing.length)];
      }
      const kept = fieldLines.filter((l) => !/^\s*(content-length|transfer-encoding|connection|expect)\s*:/i.test(l));
      const close = done || fields.some(([n, v]) => n === 'connection' && /close/i.test(v));
      done ||= close;
      const head = [requestLine, ...kept, `content-length: ${body.length}`, ...(close ? ['connection: close'] : []), '', ''].join('\r\n');
      backend.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
      pending = rest;
      continued = false;
    }
  };
  client.on('data', (d: Buffer) => {
    if (passing) return void backend.write(d);
    if (done) return;
    pending = Buffer.concat([pending, d]);
    forward();
  });
}

/** A running front: `close` ends it and every connection through it. */
export interface Front {
  readonly server: Server;
  close(): Promise<void>;
}

/** The front: listens where the provider is reached (`server.listen`), forwards to the provider at `host:port`. */
export function framingFront(host: string, port: number, reading: FrontReading): Front {
  return frontServer((client) => relay(client, host, port, reading));
}

/** A front's server: each client connection handed to `serve`, and every one still open destroyed when it closes. */
export function frontServer(serve: (client: Socket) => void): Front {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    serve(client);
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

/** The reading of the front that a provider's faults and variations put before it; none by default. */
export function frontReading(faults: FaultSet, variations: VariationSet): FrontReading | undefined {
  if (faults.has('front-frames-by-content-length')) return 'content-length-wins';
  if (faults.has('front-duplicate-content-length-first')) return 'first-content-length';
  if (variations.has('framing-te-wins')) return 'te-wins';
  return undefined;
}
