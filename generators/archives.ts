// Archives for the upload probes (ASVS 5.0 5.2.3, 5.2.5, 5.3.3): gzip and zip built in memory, small on the wire.
// A bomb's content is zeros, deflated once per MiB and the piece repeated: deflate's back-references reach only
// the 32 KiB before them, all zeros too, so N pieces inflate to N MiB without the suite ever holding N MiB.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { VehicleFile } from './vehicle-files.js';

const MiB = 1024 * 1024;
const ZEROS = Buffer.alloc(MiB);
const EMPTY = Buffer.alloc(0);

/** One entry of a zip: stored bytes, or raw deflate of `size` bytes with their CRC-32. */
interface ZipEntry {
  name: string;
  /** The bytes as written in the archive (stored: the content itself). */
  data: Buffer;
  method: 'stored' | 'deflate';
  /** Uncompressed size and CRC-32 of the content (stored: of `data`). */
  size?: number;
  crc?: number;
  /** A Unix symbolic link: `data` is its target. */
  symlink?: boolean;
}

/** Deflated zeros: raw deflate whose content is `mib` MiB of NUL bytes, its CRC-32 and size. Cached per size. */
const zerosCache = new Map<number, { raw: Buffer; crc: number; size: number }>();
function deflatedZeros(mib: number): { raw: Buffer; crc: number; size: number } {
  const cached = zerosCache.get(mib);
  if (cached) return cached;
  // A sync flush ends the piece on a byte boundary without a final block, so pieces concatenate.
  const piece = deflateRawSync(ZEROS, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = crc32(ZEROS, crc);
  // 0x03 0x00: an empty final block of fixed codes.
  const made = { raw: Buffer.concat([...Array.from({ length: mib }, () => piece), Buffer.from([0x03, 0x00])]), crc, size: mib * MiB };
  zerosCache.set(mib, made);
  return made;
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A gzip member (RFC 1952) around raw deflate. */
function gzipOf(raw: Buffer, crc: number, size: number): Buffer {
  const header = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x02, 0x03]);
  return Buffer.concat([header, raw, u32(crc), u32(size % 2 ** 32)]);
}

/** A zip (PKWARE APPNOTE: local headers, central directory, end record), made by Unix so that modes are read. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const names = entries.map((e) => Buffer.from(e.name, 'utf8'));
  const localBytes = entries.reduce((n, e, i) => n + 30 + names[i].length + e.data.length, 0);
  const centralBytes = names.reduce((n, name) => n + 46 + name.length, 0);
  // One buffer written in place: an archive of ten thousand entries is built in milliseconds.
  const out = Buffer.alloc(localBytes + centralBytes + 22);
  let local = 0;
  let central = localBytes;
  entries.forEach((e, i) => {
    const name = names[i];
    const offset = local;
    // Version 2.0, bit 11 (the name is UTF-8), method, time 00:00 and date 1980-01-01, CRC-32, sizes, name length, no extra.
    const common = (at: number) => {
      out.writeUInt16LE(20, at);
      out.writeUInt16LE(0x0800, at + 2);
      out.writeUInt16LE(e.method === 'deflate' ? 8 : 0, at + 4);
      out.writeUInt16LE(0, at + 6);
      out.writeUInt16LE(0x21, at + 8);
      out.writeUInt32LE((e.crc ?? crc32(e.data)) >>> 0, at + 10);
      out.writeUInt32LE(e.data.length, at + 14);
      out.writeUInt32LE(e.size ?? e.data.length, at + 18);
      out.writeUInt16LE(name.length, at + 22);
      out.writeUInt16LE(0, at + 24);
    };
    out.writeUInt32LE(0x04034b50, local);
    common(local + 4);
    name.copy(out, local + 30);
    e.data.copy(out, local + 30 + name.length);
    local += 30 + name.length + e.data.length;
    out.writeUInt32LE(0x02014b50, central);
    out.writeUInt16LE((3 << 8) | 20, central + 4);
    common(central + 6);
    // Comment length, disk, internal attributes stay 0; the external attributes carry the Unix mode.
    out.writeUInt32LE(((e.symlink ? 0o120777 : 0o100644) * 0x10000) >>> 0, central + 38);
    out.writeUInt32LE(offset, central + 42);
    name.copy(out, central + 46);
    central += 46 + name.length;
  });
  const end = localBytes + centralBytes;
  out.writeUInt32LE(0x06054b50, end);
  out.writeUInt16LE(entries.length, end + 8);
  out.writeUInt16LE(entries.length, end + 10);
  out.writeUInt32LE(centralBytes, end + 12);
  out.writeUInt32LE(localBytes, end + 16);
  return out;
}

/** An archive file part, with what it is for the failure messages. */
export interface ArchiveUpload {
  what: string;
  file: VehicleFile;
  /** The entry names and link targets it carries (an answer may echo them). */
  names: string[];
}

const asFile = (filename: string, contentType: string, bytes: Buffer): VehicleFile => ({
  filename,
  contentType,
  bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
});

/** Entries in one archive of many: past any count a provider would unpack one by one. */
export const MANY_ENTRIES = 10_000;

/**
 * Archives that expand far past `maxFileBytes` (four times it, at least 16 MiB) while about 1/1000 of that on the
 * wire: a gzip, a zip of one deflated entry, and a zip of MANY_ENTRIES empty entries. Built once per worker.
 */
const bombsCache = new Map<number, ArchiveUpload[]>();
export function archiveBombs(maxFileBytes: number): ArchiveUpload[] {
  const cached = bombsCache.get(maxFileBytes);
  if (cached) return cached;
  const mib = Math.max(16, Math.ceil((4 * maxFileBytes) / MiB));
  const zeros = deflatedZeros(mib);
  const many = Array.from({ length: MANY_ENTRIES }, (_, i): ZipEntry => ({ name: i.toString(36).padStart(3, '0'), data: EMPTY, method: 'stored', crc: 0 }));
  const made: ArchiveUpload[] = [
    {
      what: `a gzip of ${zeros.raw.length + 18} bytes that inflates to ${mib} MiB`,
      file: asFile('vehicles.csv.gz', 'application/gzip', gzipOf(zeros.raw, zeros.crc, zeros.size)),
      names: [],
    },
    {
      what: `a zip whose one deflated entry inflates to ${mib} MiB`,
      file: asFile('vehicles.zip', 'application/zip', zipOf([{ name: 'vehicles.csv', data: zeros.raw, method: 'deflate', size: zeros.size, crc: zeros.crc }])),
      names: ['vehicles.csv'],
    },
    { what: `a zip of ${MANY_ENTRIES} empty entries`, file: asFile('vehicles-many.zip', 'application/zip', zipOf(many)), names: [] },
  ];
  bombsCache.set(maxFileBytes, made);
  return made;
}

/**
 * Zips whose entries lead out of the folder they are unpacked in (zip slip): `../` traversal, an absolute path,
 * `..\` as Windows reads it, and a symbolic link to `/tmp` followed by an entry written through it. `marker` makes
 * each name the run's own.
 */
export function archivesWithHostilePaths(marker: string): ArchiveUpload[] {
  const csv = Buffer.from('plate,vin\r\nА123ВС77,XTA21099043576182\r\n', 'utf8');
  const one = (what: string, entries: ZipEntry[]): ArchiveUpload => ({
    what,
    file: asFile(`vehicles-${marker}.zip`, 'application/zip', zipOf(entries)),
    names: entries.flatMap((e) => [e.name, ...(e.symlink ? [e.data.toString('utf8')] : [])]),
  });
  return [
    one('a zip with a ../ entry', [{ name: `../../../../../../tmp/pts-${marker}.csv`, data: csv, method: 'stored' }]),
    one('a zip with an absolute path entry', [{ name: `/tmp/pts-${marker}-absolute.csv`, data: csv, method: 'stored' }]),
    one('a zip with a ..\\ entry', [{ name: `..\\..\\..\\pts-${marker}-windows.csv`, data: csv, method: 'stored' }]),
    one('a zip with a symbolic link entry and an entry through it', [
      { name: `pts-${marker}-link`, data: Buffer.from('/tmp', 'utf8'), method: 'stored', symlink: true },
      { name: `pts-${marker}-link/pts-${marker}-through-link.csv`, data: csv, method: 'stored' },
    ]),
  ];
}
