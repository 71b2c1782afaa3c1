import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';

/** TextDecoder drops a leading BOM by default; keep that behaviour. */
const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export const MAX_JSON_BYTES = 1024 * 1024;
/** Past this many bytes a too-large body is no longer drained: the connection is dropped. */
export const DRAIN_CAP_BYTES = 64 * 1024 * 1024;

export type BodyResult = { ok: true; bytes: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

/**
 * Reads the whole body, up to `limit` bytes. A larger body is drained (not kept) so that the
 * client can read the 413 answer; past DRAIN_CAP_BYTES the request is destroyed.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const finish = (r: BodyResult) => {
      if (!done) {
        done = true;
        resolve(r);
      }
    };
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total <= limit) chunks.push(chunk);
      else {
        chunks.length = 0;
        if (total > DRAIN_CAP_BYTES) {
          finish({ ok: false, reason: 'too-large' });
          req.destroy();
        }
      }
    });
    req.on('end', () => finish(total > limit ? { ok: false, reason: 'too-large' } : { ok: true, bytes: Buffer.concat(chunks, total) }));
    req.on('error', () => finish({ ok: false, reason: 'aborted' }));
    req.on('close', () => finish({ ok: false, reason: 'aborted' }));
  });
}

export type ParsedJson = { ok: true; value: Record<string, unknown> } | { ok: false; reason: 'malformed' | 'not-object' };

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
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
