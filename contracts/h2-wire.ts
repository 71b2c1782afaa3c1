// HTTP/2 on the wire, as far as the suite's raw client (suite/harness/h2-exchange.ts) and the reference provider's h2 front
// (mock/h2-front.ts) need it: frames (RFC 9113 4.1, 6) and HPACK field blocks (RFC 7541) of literal fields without
// Huffman coding, read with the static table's :status entries only. No dynamic table: a block that needs one, or
// Huffman coding, is not read (undefined).

export const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

export const FRAME = { DATA: 0x0, HEADERS: 0x1, RST_STREAM: 0x3, SETTINGS: 0x4, PING: 0x6, GOAWAY: 0x7, WINDOW_UPDATE: 0x8, CONTINUATION: 0x9 } as const;
export const FLAG = { END_STREAM: 0x1, ACK: 0x1, END_HEADERS: 0x4, PADDED: 0x8, PRIORITY: 0x20 } as const;
/** Error codes (RFC 9113 7). */
export const H2_ERROR = { PROTOCOL_ERROR: 0x1, COMPRESSION_ERROR: 0x9 } as const;
/** The largest frame payload a peer must accept without a SETTINGS saying more (RFC 9113 4.2). */
export const MAX_FRAME = 16384;

export interface Frame {
  type: number;
  flags: number;
  stream: number;
  payload: Buffer;
}

export function frame(type: number, flags: number, stream: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream & 0x7fffffff, 5);
  return Buffer.concat([head, payload]);
}

/** The whole frames at the start of `bytes`, and the bytes after them. */
export function readFrames(bytes: Buffer): { frames: Frame[]; rest: Buffer } {
  const frames: Frame[] = [];
  let at = 0;
  while (bytes.length >= at + 9) {
    const length = bytes.readUIntBE(at, 3);
    if (bytes.length < at + 9 + length) break;
    frames.push({
      type: bytes[at + 3]!,
      flags: bytes[at + 4]!,
      stream: bytes.readUInt32BE(at + 5) & 0x7fffffff,
      payload: bytes.subarray(at + 9, at + 9 + length),
    });
    at += 9 + length;
  }
  return { frames, rest: bytes.subarray(at) };
}

/** The payload of a HEADERS or DATA frame without its padding and priority fields. */
export function content(f: Frame): Buffer {
  let p = f.payload;
  let pad = 0;
  if (f.flags & FLAG.PADDED) {
    pad = p[0] ?? 0;
    p = p.subarray(1);
  }
  if (f.type === FRAME.HEADERS && f.flags & FLAG.PRIORITY) p = p.subarray(5);
  return p.subarray(0, Math.max(0, p.length - pad));
}

/** An HPACK integer of `prefix` bits, the bits above it set to `high` (RFC 7541 5.1). */
function integer(value: number, prefix: number, high: number): Buffer {
  const max = (1 << prefix) - 1;
  if (value < max) return Buffer.from([high | value]);
  const bytes = [high | max];
  for (value -= max; value >= 128; value >>= 7) bytes.push((value & 0x7f) | 0x80);
  bytes.push(value);
  return Buffer.from(bytes);
}

function readInteger(block: Buffer, at: number, prefix: number): [number, number] | undefined {
  const max = (1 << prefix) - 1;
  let value = block[at]! & max;
  at += 1;
  if (value < max) return [value, at];
  for (let shift = 0; at < block.length; shift += 7) {
    const b = block[at++]!;
    value += (b & 0x7f) << shift;
    if (!(b & 0x80)) return [value, at];
  }
  return undefined;
}

const text = (s: string | Buffer) => (typeof s === 'string' ? Buffer.from(s, 'latin1') : s);
const literal = (s: string | Buffer) => Buffer.concat([integer(text(s).length, 7, 0), text(s)]);

/** A field as "literal header field without indexing — new name", neither string Huffman coded (RFC 7541 6.2.2). */
export function literalField(name: string, value: string | Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x00]), literal(name), literal(value)]);
}

/** Static table entries 8 to 14: `:status` and its value (RFC 7541 Appendix A). */
const STATUS_ENTRIES: Record<number, string> = { 8: '200', 9: '204', 10: '206', 11: '304', 12: '400', 13: '404', 14: '500' };

function readString(block: Buffer, at: number): [string, number] | undefined {
  if (at >= block.length || block[at]! & 0x80) return undefined; // Huffman coded: not read
  const n = readInteger(block, at, 7);
  if (!n || block.length < n[1] + n[0]) return undefined;
  return [block.subarray(n[1], n[1] + n[0]).toString('latin1'), n[1] + n[0]];
}

/**
 * The fields of a block, as written (a value keeps its CR and LF); undefined when the block uses what is not read
 * here: Huffman coding, or a table entry other than :status's. `until`: stop once a field of that name is read (the
 * :status of an answer comes first, whatever coding the fields after it use).
 */
export function readFields(block: Buffer, until?: string): [string, string][] | undefined {
  const fields: [string, string][] = [];
  for (let at = 0; at < block.length;) {
    const b = block[at]!;
    if (b & 0x80) {
      const n = readInteger(block, at, 7);
      if (!n || STATUS_ENTRIES[n[0]] === undefined) return undefined;
      fields.push([':status', STATUS_ENTRIES[n[0]]!]);
      if (until === ':status') return fields;
      at = n[1];
      continue;
    }
    if ((b & 0xe0) === 0x20) {
      const n = readInteger(block, at, 5); // a dynamic table size update
      if (!n) return undefined;
      at = n[1];
      continue;
    }
    const prefix = b & 0x40 ? 6 : 4; // with incremental indexing; without indexing or never indexed
    const index = readInteger(block, at, prefix);
    if (!index) return undefined;
    let name: string;
    at = index[1];
    if (index[0] === 0) {
      const n = readString(block, at);
      if (!n) return undefined;
      [name, at] = n;
    } else if (STATUS_ENTRIES[index[0]] !== undefined) name = ':status';
    else return undefined;
    const v = readString(block, at);
    if (!v) return undefined;
    fields.push([name, v[0]]);
    if (name === until) return fields;
    at = v[1];
  }
  return fields;
}
