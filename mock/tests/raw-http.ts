import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** Non-empty chunks of a chunked body (0 when not chunked). */
  chunks: number;
  /** Milliseconds from the end of the answer until the server closed the socket; undefined if it stayed open for `watchMs`. */
  closedAfterMs?: number;
}

/**
 * One HTTP/1.1 exchange over a bare socket, to see what fetch hides: the framing (chunks, Content-Length),
 * Connection and Keep-Alive headers, and when the server closes an idle connection.
 */
export function rawExchange(
  url: string,
  opts: { method?: string; body?: string; headers?: Record<string, string>; watchMs?: number } = {},
): Promise<RawAnswer> {
  const u = new URL(url);
  const body = opts.body ?? '';
  const head = [`${opts.method ?? 'GET'} ${u.pathname}${u.search} HTTP/1.1`, `Host: ${u.host}`, `Content-Length: ${Buffer.byteLength(body)}`];
  for (const [k, v] of Object.entries(opts.headers ?? {})) head.push(`${k}: ${v}`);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
    let buf = Buffer.alloc(0);
    let answer: RawAnswer | undefined;
    let doneAt = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (!answer) {
        answer = parse(buf);
        if (answer) {
          doneAt = performance.now();
          timer = setTimeout(() => {
            socket.destroy();
            resolve(answer!);
          }, opts.watchMs ?? 200);
        }
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (!answer) return reject(new Error(`connection closed before a complete answer: ${buf.toString()}`));
      resolve({ ...answer, closedAfterMs: answer.closedAfterMs ?? performance.now() - doneAt });
    });
    socket.on('error', (e) => {
      if (!answer) reject(e);
    });
  });
}

/** A complete answer in `buf`, or undefined while more bytes are due. */
function parse(buf: Buffer): RawAnswer | undefined {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(lines[0]!.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let rest = buf.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (;;) {
      const nl = rest.indexOf('\r\n');
      if (nl < 0) return undefined;
      const size = parseInt(rest.subarray(0, nl).toString(), 16);
      if (rest.length < nl + 2 + size + 2) return undefined;
      if (size === 0) return { status, headers, body: Buffer.concat(parts).toString('utf8'), chunks: parts.length };
      parts.push(rest.subarray(nl + 2, nl + 2 + size));
      rest = rest.subarray(nl + 2 + size + 2);
    }
  }
  const length = Number(headers['content-length'] ?? 0);
  if (rest.length < length) return undefined;
  return { status, headers, body: rest.subarray(0, length).toString('utf8'), chunks: 0 };
}

/**
 * One request with any method (TRACE, HEAD or OPTIONS with a body, which fetch refuses), read by node:http: the
 * status, headers and body, or status 0 when the connection closed without an answer.
 */
export function methodExchange(
  url: string,
  method: string,
  body = '',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      { method, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
    req.end(body);
  });
}

/** The status of the answer to `CONNECT target` sent to the server of `url` (0: the connection closed without one). */
export function connectStatus(url: string, target: string): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(u.port), u.hostname, () => socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`));
    let head = '';
    socket.on('data', (d: Buffer) => {
      head += d.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (m) {
        socket.destroy();
        resolve(Number(m[1]));
      }
    });
    socket.on('close', () => resolve(0));
    socket.on('error', () => resolve(0));
  });
}

/** How a request smuggled in the body of an ambiguously framed one can be framed (RFC 9112 6.1, 6.3). */
type TwoWays = 'te-after-chunks' | 'cl-before-te' | 'two-lengths';

/**
 * An invoice request of body `{}` framed two ways, followed by a status request with `Connection: close`, written
 * as they are: the status lines of every answer until the server closes (`[]`: closed without one).
 */
export function framedTwoWays(url: string, how: TwoWays): Promise<string[]> {
  const u = new URL(url);
  const first = '{}';
  const second = `POST /api/v1/payments/status HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;
  const chunked = `${first.length.toString(16)}\r\n${first}\r\n0\r\n\r\n`;
  const [fields, body] = {
    'te-after-chunks': [[`Content-Length: ${first.length}`, 'Transfer-Encoding: chunked'], chunked + second],
    'cl-before-te': [[`Content-Length: ${first.length}`, 'Transfer-Encoding: chunked'], first + second],
    'two-lengths': [[`Content-Length: ${first.length}`, `Content-Length: ${first.length + second.length}`], first + second],
  }[how];
  const head = [`POST /api/v1/payments/card2account/invoice HTTP/1.1`, `Host: ${u.host}`, 'Content-Type: application/json', ...fields];
  return new Promise((resolve) => {
    const socket = connect(Number(u.port), u.hostname, () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
    let text = '';
    const done = () => resolve(text.match(/HTTP\/1\.1 \d{3}/g) ?? []);
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('close', done);
    socket.on('error', done);
  });
}
