// One HTTP/2 request on a raw connection (cleartext with prior knowledge for an http BASE_URL, TLS with ALPN "h2" for
// https): node's http2 refuses to send connection-specific fields or a CR or LF in a value, which is what a probe of a
// downgrading front must send. The preface and SETTINGS go first; the request's HEADERS (literal fields, no Huffman:
// contracts/h2-wire.ts) and DATA only once the provider's SETTINGS show it speaks h2, so that a provider that does not
// gets nothing but the preface. The answer is read only as far as a verdict needs: its :status, DATA, a reset, GOAWAY.
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { content, FLAG, frame, FRAME, literalField, PREFACE, readFields, readFrames } from '../../contracts/h2-wire.js';

export interface H2Request {
  /** Pseudo-header and header fields in order, values as sent (a CR or LF stays). */
  fields: readonly (readonly [string, string])[];
  data: Buffer;
}

export interface H2Outcome {
  /** The connection was made (a close or reset after it is the provider's doing, not transport trouble). */
  connected: boolean;
  /** Why the provider does not speak HTTP/2 (ALPN chose otherwise, no SETTINGS after the preface); undefined if it does. */
  notH2?: string;
  /** The answer's :status, when its block could be read (undefined: Huffman coded or indexed otherwise). */
  status?: number;
  /** The stream's DATA. */
  body: Buffer;
  /** The RST_STREAM error code for the stream, or the GOAWAY one. */
  reset?: number;
  goaway?: number;
  /** How the read ended: `answered`, `reset`, `goaway`, `closed`, `no answer in N s`, `no connection: CODE`. */
  ended: string;
  ms: number;
}

const STREAM = 1;

function open(baseUrl: string, onConnect: (socket: Socket | TLSSocket) => void): Socket {
  const url = new URL(baseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'https:') {
    const socket: TLSSocket = tlsConnect(
      { host, port: Number(url.port || 443), servername: isIP(host) ? undefined : host, ALPNProtocols: ['h2', 'http/1.1'] },
      () => onConnect(socket),
    );
    return socket;
  }
  const socket = tcpConnect({ host, port: Number(url.port || 80) }, () => onConnect(socket));
  return socket;
}

/** `:method`, `:scheme`, `:authority`, `:path` of a POST to `path` under `baseUrl`. */
export function pseudoFields(baseUrl: string, path: string): [string, string][] {
  const url = new URL(baseUrl);
  return [
    [':method', 'POST'],
    [':scheme', url.protocol.replace(':', '')],
    [':authority', url.host],
    [':path', path],
  ];
}

/** Sends `request` as stream 1 to the provider at `baseUrl` and reads until the stream ends (or `timeoutMs`). */
export function sendH2(baseUrl: string, request: H2Request, timeoutMs: number): Promise<H2Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let connected = false;
    let speaking = false;
    let received: Buffer = Buffer.alloc(0);
    const block: Buffer[] = [];
    const body: Buffer[] = [];
    let status: number | undefined;
    const finish = (ended: string, more: Partial<H2Outcome> = {}) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve({ connected, status, body: Buffer.concat(body), ended, ms: Math.round(performance.now() - started), ...more });
    };
    const notH2 = (why: string) => finish('not h2', { notH2: why });
    const timer = setTimeout(
      () =>
        connected && !speaking
          ? notH2(`no SETTINGS frame in ${Math.round(timeoutMs / 1000)} s after the preface`)
          : finish(`no answer in ${Math.round(timeoutMs / 1000)} s`),
      timeoutMs,
    );
    const socket = open(baseUrl, (s) => {
      connected = true;
      const alpn = (s as TLSSocket).alpnProtocol;
      if (alpn !== undefined && alpn !== 'h2') return notH2(`TLS ALPN chose ${alpn || 'no protocol'}, not h2`);
      s.write(Buffer.concat([PREFACE, frame(FRAME.SETTINGS, 0, 0)]));
    });
    const headersOf = () => {
      const fields = readFields(Buffer.concat(block), ':status') ?? [];
      const s = fields.find(([n]) => n === ':status')?.[1];
      if (s !== undefined && /^\d{3}$/.test(s) && status === undefined) status = Number(s);
    };
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      if (!speaking) {
        if (received.length < 9) return;
        if (received[3] !== FRAME.SETTINGS || received.readUInt32BE(5) !== 0)
          return notH2(`the preface was answered ${JSON.stringify(received.toString('latin1').split('\r\n')[0]!.slice(0, 60))}, not with a SETTINGS frame`);
        speaking = true;
        const headers = Buffer.concat(request.fields.map(([n, v]) => literalField(n, v)));
        const end = request.data.length === 0 ? FLAG.END_STREAM : 0;
        socket.write(frame(FRAME.HEADERS, FLAG.END_HEADERS | end, STREAM, headers));
        if (!end) socket.write(frame(FRAME.DATA, FLAG.END_STREAM, STREAM, request.data));
      }
      const { frames, rest } = readFrames(received);
      received = rest;
      for (const f of frames) {
        if (f.type === FRAME.SETTINGS && !(f.flags & FLAG.ACK)) socket.write(frame(FRAME.SETTINGS, FLAG.ACK, 0));
        else if (f.type === FRAME.PING && !(f.flags & FLAG.ACK)) socket.write(frame(FRAME.PING, FLAG.ACK, 0, f.payload));
        else if (f.type === FRAME.GOAWAY) return finish('goaway', { goaway: f.payload.length >= 8 ? f.payload.readUInt32BE(4) : undefined });
        else if (f.stream !== STREAM) continue;
        else if (f.type === FRAME.RST_STREAM) return finish('reset', { reset: f.payload.length >= 4 ? f.payload.readUInt32BE(0) : undefined });
        else if (f.type === FRAME.HEADERS || f.type === FRAME.CONTINUATION) {
          block.push(f.type === FRAME.HEADERS ? content(f) : f.payload);
          if (f.flags & FLAG.END_HEADERS) headersOf();
          if (f.type === FRAME.HEADERS && f.flags & FLAG.END_STREAM && f.flags & FLAG.END_HEADERS) return finish('answered');
        } else if (f.type === FRAME.DATA) {
          body.push(content(f));
          if (f.flags & FLAG.END_STREAM) return finish('answered');
        }
      }
    });
    socket.on('close', () => (connected && !speaking ? notH2('the connection was closed after the preface, with no SETTINGS frame') : finish('closed')));
    socket.on('error', (e: NodeJS.ErrnoException) =>
      !connected
        ? finish(`no connection: ${e.code ?? e.message}`)
        : speaking
          ? finish('reset')
          : notH2('the connection was reset after the preface, with no SETTINGS frame'),
    );
  });
}
