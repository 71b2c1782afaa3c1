// The archives of the upload probes are what they say: the bombs are small on the wire and inflate past the limit
// (a gzip a standard reader takes whole, a zip whose entry inflates to its declared size and CRC), the many-entry
// zip lists every entry, and the path zips carry their names and the symbolic link's Unix mode.
import { test, expect } from '@playwright/test';
import { crc32, gunzipSync, inflateRawSync } from 'node:zlib';
import { archiveBombs, archivesWithHostilePaths, MANY_ENTRIES } from '../../generators/archives.js';

const MiB = 1024 * 1024;

/** The central directory of a zip, read as the format says (end record, then one header per entry). */
function centralDirectory(zip: Buffer): { name: string; method: number; crc: number; compressed: number; size: number; mode: number; offset: number }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'an end of central directory record').toBeGreaterThanOrEqual(0);
  const entries = [];
  const signatures = new Set<number>();
  for (let i = 0, at = zip.readUInt32LE(end + 16); i < zip.readUInt16LE(end + 10); i++) {
    signatures.add(zip.readUInt32LE(at));
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      mode: zip.readUInt32LE(at + 38) >>> 16,
      offset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  // One assertion for all the headers: an expect per entry costs Playwright a step each (10 000 of them).
  expect([...signatures], 'every central directory header signature').toEqual(entries.length === 0 ? [] : [0x02014b50]);
  return entries;
}

/** The bytes an entry holds, from its local header. */
function entryData(zip: Buffer, e: { offset: number; compressed: number }): Buffer {
  const start = e.offset + 30 + zip.readUInt16LE(e.offset + 26) + zip.readUInt16LE(e.offset + 28);
  return zip.subarray(start, start + e.compressed);
}

test.describe('upload archives', () => {
  const [gzip, oneEntry, many] = archiveBombs(MiB).map((a) => Buffer.from(a.file.bytes));

  test('the gzip is under 1/500 of what it inflates to, which is at least 16 MiB and past four times the limit', () => {
    const inflated = gunzipSync(gzip);
    expect(inflated).toHaveLength(16 * MiB);
    expect(gzip.length).toBeLessThan(inflated.length / 500);
    expect(inflated.every((b) => b === 0)).toBe(true);
  });

  test('the one-entry zip inflates to its declared size and CRC-32; the many-entry zip lists every entry', () => {
    const [entry] = centralDirectory(oneEntry);
    expect(entry).toMatchObject({ name: 'vehicles.csv', method: 8, size: 16 * MiB });
    const inflated = inflateRawSync(entryData(oneEntry, entry));
    expect(inflated).toHaveLength(entry.size);
    expect(crc32(inflated)).toBe(entry.crc);
    const entries = centralDirectory(many);
    expect(entries).toHaveLength(MANY_ENTRIES);
    expect(new Set(entries.map((e) => e.name)).size).toBe(MANY_ENTRIES);
  });

  test('the path zips carry a ../, an absolute, a ..\\ entry, and a symbolic link to /tmp with an entry through it', () => {
    const zips = archivesWithHostilePaths('m4rk').map((a) => centralDirectory(Buffer.from(a.file.bytes)));
    expect(zips.map((entries) => entries.map((e) => e.name))).toEqual([
      ['../../../../../../tmp/pts-m4rk.csv'],
      ['/tmp/pts-m4rk-absolute.csv'],
      ['..\\..\\..\\pts-m4rk-windows.csv'],
      ['pts-m4rk-link', 'pts-m4rk-link/pts-m4rk-through-link.csv'],
    ]);
    const [link, through] = zips[3];
    expect(link.mode & 0o170000).toBe(0o120000);
    expect(through.mode & 0o170000).toBe(0o100000);
    const linkZip = Buffer.from(archivesWithHostilePaths('m4rk')[3].file.bytes);
    expect(entryData(linkZip, link).toString('utf8')).toBe('/tmp');
    expect(crc32(entryData(linkZip, through))).toBe(through.crc);
  });
});
