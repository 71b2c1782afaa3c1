import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';

/** TextDecoder drops a leading BOM by default; keep that behaviour. */
const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export const MAX_JSON_BYTES = 1024 * 1024;
/** Past this many bytes a too-large body is no longer drained: the connection is dropped. */
export const DRAIN_CAP_BYTES = 64 * 1024 * 1024;

type BodyResult = { ok: true; bytes: Buffer } | { ok: false; reason: 'too-large' };

const TOO_LARGE: BodyResult = { ok: false, reason: 'too-large' };
const EMPTY = Buffer.alloc(0);

/**
 * Reads the whole body, up to `limit` bytes, and calls `done` once with it. A larger body is
 * drained (not kept) so that the client can read the 413 answer; past DRAIN_CAP_BYTES the
 * request is destroyed. An aborted request never calls `done` (there is nobody to answer).
 * A callback, not a Promise, and a single chunk kept as is: this runs on every JSON request.
 */
export function readBody(req: IncomingMessage, limit: number, done: (r: BodyResult) => void): void {
  let first: Buffer | undefined;
  let more: Buffer[] | undefined;
  let total = 0;
  let finished = false;
  req.on('data', (chunk: Buffer) => {
    total += chunk.length;
    if (total <= limit) {
      if (first === undefined) first = chunk;
      else (more ??= [first]).push(chunk);
    } else {
      first = more = undefined;
      if (total > DRAIN_CAP_BYTES && !finished) {
        finished = true;
        req.destroy(); // first, as before: the 413 then goes nowhere
        done(TOO_LARGE);
      }
    }
  });
  req.on('end', () => {
    if (finished) return;
    finished = true;
    if (total > limit) done(TOO_LARGE);
    else done({ ok: true, bytes: more ? Buffer.concat(more, total) : (first ?? EMPTY) });
  });
}

type ParsedJson = { ok: true; value: Record<string, unknown> } | { ok: false; reason: 'malformed' | 'not-object' };

/** Strict UTF-8, then JSON.parse; the top level must be an object (not an array, not null). */
export function parseJsonObject(bytes: Buffer): ParsedJson {
  let value: unknown;
  // isUtf8 is a native check; decoding with a fatal TextDecoder costs more on every request.
  if (!isUtf8(bytes)) return { ok: false, reason: 'malformed' };
  try {
    value = JSON.parse(stripBom(bytes.toString('utf8')));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'not-object' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The media type of a Content-Type header, lower case, without parameters ('' when absent). */
export function mediaType(header: string | undefined): string {
  if (header === 'application/json') return header; // what nearly every client sends
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
