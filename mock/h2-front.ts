// An HTTP/2 front before the provider, as a CDN or load balancer is: it speaks h2 to clients (cleartext, prior
// knowledge) and HTTP/1.1 to the provider behind it, one connection per stream. A connection that does not open with
// the HTTP/2 preface is passed through as it is, so every HTTP/1.1 check meets the provider unchanged. RFC 9113
// 8.2.1-8.2.3 makes a request with a connection-specific field, a CR, LF or NUL in a field or in :path, or a
// Content-Length other than its DATA malformed: the correct front refuses it (variations h2-front-strict: RST_STREAM
// PROTOCOL_ERROR; h2-front-refuses-400: a 400 answer; h2-front-drops-invalid-field: a field with CR or LF dropped, as
// nghttp2 does, the rest forwarded). A front that copies such fields into the HTTP/1.1 it writes lets
// the client choose the provider's framing: H2.TE, H2.CL and CR LF injection request smuggling (faults
// h2-front-copies-transfer-encoding, h2-front-trusts-content-length, h2-front-crlf-in-value). Its HPACK reading takes
// literal fields only (contracts/h2-wire.ts): a client that indexes or Huffman-codes gets GOAWAY COMPRESSION_ERROR.
import { connect, type Socket } from 'node:net';
import { content, FLAG, frame, FRAME, H2_ERROR, literalField, MAX_FRAME, PREFACE, readFields, readFrames } from '../contracts/h2-wire.js';
import type { FaultSet } from './faults/catalog.js';
import { dechunked, frontServer, type Front } from './framing-front.js';
import type { VariationSet } from './variations/catalog.js';

/** What the front lets through into the HTTP/1.1 it writes (each a fault), and how it refuses the rest. */
interface H2FrontReading {
  copiesConnectionFields: boolean;
  trustsContentLength: boolean;
  copiesCrLf: boolean;
  /** A regular field whose value has CR, LF or NUL is dropped and the request forwarded without it, as nghttp2 does. */
  dropsInvalidFields: boolean;
  refusal: 'rst-stream' | 'status-400';
}

const invalidValue = ([name, value]: readonly [string, string]) => !name.startsWith(':') && /[\r\n\0]/.test(value);

/** Connection-specific fields (RFC 9113 8.2.2); `te` is allowed with the value "trailers" only. */
const CONNECTION_FIELDS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);
const INTERNAL_ERROR = 0x2;
const REFUSAL_BODY = '{"message":"Bad request"}';

/** Why the request is malformed for this front (RFC 9113 8.2, 8.3.1, 8.1.1), or undefined. */
function malformed(reading: H2FrontReading, fields: readonly [string, string][], data: Buffer): string | undefined {
  for (const [name, value] of fields) {
    if (reading.dropsInvalidFields && invalidValue([name, value])) continue;
    if (/[^!#$%&'*+\-.^_`|~0-9a-z:]/.test(name)) return `field name ${JSON.stringify(name)}`;
    if (!reading.copiesCrLf && /[\r\n\0]/.test(value)) return `CR, LF or NUL in ${name}`;
    if (!reading.copiesConnectionFields && (CONNECTION_FIELDS.has(name) || (name === 'te' && value !== 'trailers'))) return `connection-specific field ${name}`;
    if (!reading.trustsContentLength && name === 'content-length' && value !== String(data.length))
      return `content-length ${value} beside ${data.length} bytes of DATA`;
  }
  const pseudo = new Map(fields.filter(([n]) => n.startsWith(':')));
  return pseudo.has(':method') && pseudo.has(':path') ? undefined : 'no :method or :path';
}

/** The HTTP/1.1 request the front writes for a stream: its fields copied, a Content-Length of its own unless copied. */
function downgraded(reading: H2FrontReading, fields: readonly [string, string][], data: Buffer): Buffer {
  const pseudo = new Map(fields.filter(([n]) => n.startsWith(':')));
  const host = pseudo.get(':authority') ?? fields.find(([n]) => n === 'host')?.[1] ?? 'localhost';
  const copied = fields.filter(
    ([n, v]) =>
      !(reading.dropsInvalidFields && invalidValue([n, v])) &&
      !n.startsWith(':') &&
      n !== 'host' &&
      (n !== 'content-length' || reading.trustsContentLength) &&
      (!CONNECTION_FIELDS.has(n) || reading.copiesConnectionFields),
  );
  const framed = copied.some(([n]) => n === 'content-length' || n === 'transfer-encoding');
  const lines = [`${pseudo.get(':method')} ${pseudo.get(':path')} HTTP/1.1`, `host: ${host}`, ...copied.map(([n, v]) => `${n}: ${v}`)];
  if (!framed) lines.push(`content-length: ${data.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), data]);
}

interface Answer {
  status: string;
  fields: [string, string][];
  body: Buffer;
}

/** The first HTTP/1.1 answer in `bytes`; undefined while incomplete (`ended`: the connection closed, take the rest). */
function firstAnswer(bytes: Buffer, ended: boolean): Answer | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd === -1) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? '502';
  const fields = lines.map((l): [string, string] => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]);
  const after = bytes.subarray(headEnd + 4);
  const length = fields.find(([n]) => n === 'content-length')?.[1];
  const kept = fields.filter(([n]) => !CONNECTION_FIELDS.has(n) && n !== 'content-length');
  if (fields.some(([n, v]) => n === 'transfer-encoding' && /chunked/i.test(v))) {
    const read = dechunked(after);
    if (read === undefined) return undefined;
    return read === 'refuse' ? { status: '502', fields: [], body: Buffer.alloc(0) } : { status, fields: kept, body: read[0] };
  }
  if (length !== undefined) return after.length < Number(length) ? undefined : { status, fields: kept, body: after.subarray(0, Number(length)) };
  return ended ? { status, fields: kept, body: after } : undefined;
}

/** One h2 connection, its streams forwarded to the provider at `host:port`; `initial`: the bytes after the preface. */
function serveH2(client: Socket, host: string, port: number, reading: H2FrontReading, initial: Buffer): void {
  const backends = new Set<Socket>();
  const streams = new Map<number, { block: Buffer[]; fields?: [string, string][]; data: Buffer[]; ended?: boolean }>();
  let pending = initial;
  const send = (b: Buffer) => void (client.writable && client.write(b));
  client.on('close', () => backends.forEach((b) => b.destroy()));
  const answer = (id: number, a: Answer) => {
    const block = Buffer.concat([literalField(':status', a.status), ...a.fields.map(([n, v]) => literalField(n, v))]);
    send(frame(FRAME.HEADERS, FLAG.END_HEADERS | (a.body.length === 0 ? FLAG.END_STREAM : 0), id, block));
    for (let at = 0; at < a.body.length; at += MAX_FRAME) {
      const last = at + MAX_FRAME >= a.body.length;
      send(frame(FRAME.DATA, last ? FLAG.END_STREAM : 0, id, a.body.subarray(at, at + MAX_FRAME)));
    }
  };
  const reset = (id: number, code: number) => send(frame(FRAME.RST_STREAM, 0, id, Buffer.from([0, 0, 0, code])));
  const dispatch = (id: number, fields: [string, string][], data: Buffer) => {
    streams.delete(id);
    if (malformed(reading, fields, data) !== undefined) {
      if (reading.refusal === 'rst-stream') return reset(id, H2_ERROR.PROTOCOL_ERROR);
      return answer(id, { status: '400', fields: [['content-type', 'application/json; charset=utf-8']], body: Buffer.from(REFUSAL_BODY) });
    }
    // The connection to the provider stays open until the client's closes: what the provider reads after the first
    // request (smuggled bytes) is carried out, as behind a real front; its answers are never read.
    const backend = connect(port, host);
    backends.add(backend);
    let got: Buffer = Buffer.alloc(0);
    let done = false;
    const take = (ended: boolean) => {
      const a = done ? undefined : firstAnswer(got, ended);
      if (a) answer(id, a);
      else if (ended && !done) reset(id, INTERNAL_ERROR);
      done ||= a !== undefined || ended;
    };
    backend.on('data', (d: Buffer) => {
      got = Buffer.concat([got, d]);
      take(false);
    });
    backend.on('end', () => take(true));
    backend.on('error', () => take(true));
    backend.write(downgraded(reading, fields, data));
  };
  const goaway = (code: number) => {
    const last = Buffer.alloc(8);
    last.writeUInt32BE(code, 4);
    send(frame(FRAME.GOAWAY, 0, 0, last));
    client.end();
  };
  const onFrames = () => {
    const { frames, rest } = readFrames(pending);
    pending = rest;
    for (const f of frames) {
      if (f.type === FRAME.SETTINGS && !(f.flags & FLAG.ACK)) send(frame(FRAME.SETTINGS, FLAG.ACK, 0));
      else if (f.type === FRAME.PING && !(f.flags & FLAG.ACK)) send(frame(FRAME.PING, FLAG.ACK, 0, f.payload));
      else if (f.type === FRAME.GOAWAY) return void client.end();
      else if (f.type === FRAME.RST_STREAM) streams.delete(f.stream);
      else if (f.type === FRAME.HEADERS || f.type === FRAME.CONTINUATION || f.type === FRAME.DATA) {
        const s = streams.get(f.stream) ?? { block: [], data: [] };
        streams.set(f.stream, s);
        if (f.type === FRAME.DATA) s.data.push(content(f));
        else s.block.push(f.type === FRAME.HEADERS ? content(f) : f.payload);
        if (f.type !== FRAME.DATA && f.flags & FLAG.END_HEADERS) {
          const fields = readFields(Buffer.concat(s.block));
          if (!fields) return goaway(H2_ERROR.COMPRESSION_ERROR);
          s.fields = fields;
        }
        if (f.type !== FRAME.CONTINUATION && f.flags & FLAG.END_STREAM) s.ended = true;
        if (s.ended && s.fields) dispatch(f.stream, s.fields, Buffer.concat(s.data));
      }
    }
  };
  send(frame(FRAME.SETTINGS, 0, 0));
  client.on('data', (d: Buffer) => {
    pending = Buffer.concat([pending, d]);
    onFrames();
  });
  onFrames();
}

/** A connection that is not h2: its bytes to the provider and back, as they are. */
function passThrough(client: Socket, host: string, port: number, initial: Buffer): void {
  const backend = connect(port, host);
  const drop = () => {
    client.destroy();
    backend.destroy();
  };
  client.on('error', drop);
  backend.on('error', drop);
  backend.write(initial);
  client.pipe(backend);
  backend.pipe(client);
}

/** The front: listens where the provider is reached (`server.listen`), forwards to the provider at `host:port`. */
export function h2Front(host: string, port: number, reading: H2FrontReading): Front {
  return frontServer((client) => {
    client.on('error', () => client.destroy());
    let first: Buffer = Buffer.alloc(0);
    const decide = (d: Buffer) => {
      first = Buffer.concat([first, d]);
      const n = Math.min(first.length, PREFACE.length);
      const h2 = first.subarray(0, n).equals(PREFACE.subarray(0, n));
      if (h2 && n < PREFACE.length) return;
      client.off('data', decide);
      if (h2) serveH2(client, host, port, reading, first.subarray(PREFACE.length));
      else passThrough(client, host, port, first);
    };
    client.on('data', decide);
  });
}

/** The h2 front that a provider's faults and variations put before it; none by default. */
export function h2FrontReading(faults: FaultSet, variations: VariationSet): H2FrontReading | undefined {
  const reading: H2FrontReading = {
    copiesConnectionFields: faults.has('h2-front-copies-transfer-encoding'),
    trustsContentLength: faults.has('h2-front-trusts-content-length'),
    copiesCrLf: faults.has('h2-front-crlf-in-value'),
    dropsInvalidFields: variations.has('h2-front-drops-invalid-field'),
    refusal: variations.has('h2-front-refuses-400') ? 'status-400' : 'rst-stream',
  };
  const faulty = reading.copiesConnectionFields || reading.trustsContentLength || reading.copiesCrLf;
  const correct = variations.has('h2-front-strict') || variations.has('h2-front-refuses-400') || variations.has('h2-front-drops-invalid-field');
  return faulty || correct ? reading : undefined;
}
