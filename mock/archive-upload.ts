// What the upload does with an archive. The reference provider stores the file as it came (never unpacks), as
// the profile allows; a variation refuses archives, and two faults unpack them as naive servers do.
import { posix } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Ctx } from './context.js';

const gunzipAsync = promisify(gunzip);

/** Fault upload-zip-path-in-error: where a naive server unpacks a zip. */
const UNPACK_DIR = '/var/pts/unpacked';

export const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;
export const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;

/** The entries of a zip's central directory: name, and whether the Unix mode marks a symbolic link. */
function zipEntries(b: Buffer): { name: string; symlink: boolean }[] {
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--)
    if (b.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) return [];
  const count = b.readUInt16LE(end + 10);
  const out: { name: string; symlink: boolean }[] = [];
  for (let i = 0, at = b.readUInt32LE(end + 16); i < count && at + 46 <= b.length && b.readUInt32LE(at) === 0x02014b50; i++) {
    const [nameLength, extra, comment] = [b.readUInt16LE(at + 28), b.readUInt16LE(at + 30), b.readUInt16LE(at + 32)];
    const mode = b.readUInt32LE(at + 38) >>> 16;
    out.push({ name: b.toString('utf8', at + 46, at + 46 + nameLength), symlink: (mode & 0o170000) === 0o120000 });
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

/** What the upload does with the file: refuse it keyed file (a message), fail (500), or nothing (stored as it is). */
export type ArchiveOutcome = { refuse: string } | { fail: true } | undefined;

/** Whether the archive handling needs the file's bytes at all. */
export const needsFileBytes = (ctx: Ctx) =>
  ctx.variations.has('upload-archives-refused-422') || ctx.faults.has('upload-unpacks-gzip') || ctx.faults.has('upload-zip-path-in-error');

export async function archiveOutcome(file: Buffer, ctx: Ctx): Promise<ArchiveOutcome> {
  // Variation upload-archives-refused-422: only plain files are taken.
  if (ctx.variations.has('upload-archives-refused-422') && (isGzip(file) || isZip(file))) return { refuse: 'Archives (gzip, zip) are not accepted; send the file itself.' };
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
