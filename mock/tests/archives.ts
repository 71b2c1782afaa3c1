// Small archives for the provider's own probes of its archive faults and variations (mock/ imports nothing of
// generators/): a gzip of zeros, and a zip of one stored entry.
import { crc32, gzipSync } from 'node:zlib';

/** A gzip whose content is `bytes` NUL bytes. */
export const gzipOfZeros = (bytes: number) => new Blob([gzipSync(Buffer.alloc(bytes))]);

/** A zip (made by Unix) of one stored entry; `symlink`: the entry is a symbolic link whose target is `content`. */
export function zipOfOne(name: string, content: string, symlink = false): Blob {
  const data = Buffer.from(content, 'utf8');
  const fileName = Buffer.from(name, 'utf8');
  const u16 = (n: number) => Buffer.from([n & 0xff, n >>> 8]);
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return b;
  };
  const common = [u16(20), u16(0), u16(0), u16(0), u16(0x21), u32(crc32(data)), u32(data.length), u32(data.length), u16(fileName.length), u16(0)];
  const local = Buffer.concat([u32(0x04034b50), ...common, fileName, data]);
  const mode = symlink ? 0o120777 : 0o100644;
  const central = Buffer.concat([u32(0x02014b50), u16((3 << 8) | 20), ...common, u16(0), u16(0), u16(0), u32(mode * 0x10000), u32(0), fileName]);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(1), u16(1), u32(central.length), u32(local.length), u16(0)]);
  return new Blob([local, central, end]);
}
