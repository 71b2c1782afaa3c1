// What the upload does with an archive. The reference provider stores the file as it came (never unpacks), as
// the profile allows (any file up to its size: an XLSX is a zip); a variation unpacks with bounds and refuses unsafe
// archives keyed file, and two faults unpack them as naive servers do.
import { posix } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Ctx } from './context.js';

const gunzipAsync = promisify(gunzip);

/** Fault upload-zip-path-in-error: where a naive server unpacks a zip. */
const UNPACK_DIR = '/var/pts/unpacked';

const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;
const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;

/** The entries of a zip's central directory: name, declared size, and whether the Unix mode marks a symbolic link. */
function zipEntries(b: Buffer): { name: string; size: number; symlink: boolean }[] {
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--)
    if (b.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) return [];
  const count = b.readUInt16LE(end + 10);
  const out: { name: string; size: number; symlink: boolean }[] = [];
  for (let i = 0, at = b.readUInt32LE(end + 16); i < count && at + 46 <= b.length && b.readUInt32LE(at) === 0x02014b50; i++) {
    const [nameLength, extra, comment] = [b.readUInt16LE(at + 28), b.readUInt16LE(at + 30), b.readUInt16LE(at + 32)];
    const mode = b.readUInt32LE(at + 38) >>> 16;
    out.push({ name: b.toString('utf8', at + 46, at + 46 + nameLength), size: b.readUInt32LE(at + 24), symlink: (mode & 0o170000) === 0o120000 });
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

/** A zip holds at most this many entries (variation upload-unsafe-archives-refused-422). */
const MAX_ENTRIES = 1000;
const leavesFolder = (name: string) => name.replace(/\\/g, '/').split('/').includes('..') || /^(?:\/|\\|[A-Za-z]:)/.test(name);

/**
 * Variation upload-unsafe-archives-refused-422: a gzip inflated up to the file limit (and no further), a zip's
 * declared sizes and entries read before anything is unpacked. What cannot be read as an archive is stored as it is.
 */
async function unsafeArchive(file: Buffer, maxFileBytes: number): Promise<string | undefined> {
  if (isGzip(file))
    return gunzipAsync(file, { maxOutputLength: maxFileBytes }).then(
      () => undefined,
      (e: { code?: string }) => (e.code === 'ERR_BUFFER_TOO_LARGE' ? `The archive unpacks past ${maxFileBytes} bytes.` : undefined),
    );
  if (!isZip(file)) return undefined;
  const entries = zipEntries(file);
  if (entries.length > MAX_ENTRIES) return `The archive holds more than ${MAX_ENTRIES} files.`;
  if (entries.reduce((n, e) => n + e.size, 0) > maxFileBytes) return `The archive unpacks past ${maxFileBytes} bytes.`;
  if (entries.some((e) => e.symlink || leavesFolder(e.name))) return 'The archive holds a link or a path that leads out of its folder.';
  return undefined;
}

/** What the upload does with the file: refuse it keyed file (a message), fail (500), or nothing (stored as it is). */
export type ArchiveOutcome = { refuse: string } | { fail: true } | undefined;

/** Whether the archive handling needs the file's bytes at all. */
export const needsFileBytes = (ctx: Ctx) =>
  ctx.variations.has('upload-unsafe-archives-refused-422') || ctx.faults.has('upload-unpacks-gzip') || ctx.faults.has('upload-zip-path-in-error');

export async function archiveOutcome(file: Buffer, ctx: Ctx): Promise<ArchiveOutcome> {
  if (ctx.variations.has('upload-unsafe-archives-refused-422')) {
    const refused = await unsafeArchive(file, ctx.profile.upload.maxFileBytes);
    if (refused) return { refuse: refused };
  }
  // Fault upload-unpacks-gzip: inflated whole in memory with no bound of its own; the worker's buffers end at twice the file limit.
  if (ctx.faults.has('upload-unpacks-gzip') && isGzip(file)) {
    try {
      await gunzipAsync(file, { maxOutputLength: 2 * ctx.profile.upload.maxFileBytes });
    } catch {
      return { fail: true };
    }
  }
  // Fault upload-zip-path-in-error: entries are checked on the way out, and the refusal quotes the path they resolve to.
  if (ctx.faults.has('upload-zip-path-in-error') && isZip(file)) {
    const folder = posix.join(UNPACK_DIR, String(Date.now()));
    for (const e of zipEntries(file)) {
      const target = posix.resolve(folder, e.name.replace(/\\/g, '/'));
      if (e.symlink) return { refuse: `cannot unpack ${e.name}: a symbolic link in ${folder}/` };
      if (!target.startsWith(`${folder}/`)) return { refuse: `cannot unpack ${e.name}: ${target} is outside ${folder}/` };
    }
  }
  return undefined;
}
