// Scans everything a run wrote for secrets: raw bytes of every file, base64 runs decoded (attachments
// inside JSON reports, the zip that Playwright's HTML report embeds) and zip files opened. A finding
// names the file and offset and what kind of secret it is, never the secret itself. What cannot be
// scanned (a file too large, a zip or zip entry that cannot be read) is a finding too: a secret inside
// it would otherwise pass.
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { cardNumberRuns } from '../contracts/redaction.js';
import { listFiles } from './manifest.js';

interface Secrets {
  /** Exact strings that must not appear, with a label for the report (e.g. "crypto key"). */
  exact: { label: string; value: string }[];
  /** Card numbers the run sent or received: must not appear in full. */
  pans: string[];
  /**
   * Also flag any Luhn-valid run of exactly 16 digits, whatever its origin, unless it sits inside a hex
   * word of a digest's length (see cardNumberRuns): one in ten digit runs passes Luhn by chance.
   */
  anyLuhn16: boolean;
}

export interface Finding {
  where: string;
  offset: number;
  what: string;
}

const MAX_FILE_BYTES = 64 * 1024 * 1024;
const MAX_BASE64_DEPTH = 3;
/** Zips inside zips are opened this deep; deeper is a finding (a zip can contain itself). */
const MAX_ZIP_DEPTH = 8;
const BASE64_RUN = /[A-Za-z0-9+/]{24,}={0,2}/g;
const ZIP_LOCAL_HEADER = 0x04034b50;

/**
 * The secrets of a merchant: the crypto key, every line of the private key's PEM body (a copy of any
 * part of the key is found), the PEM marker, the card numbers given and any Luhn-valid 16-digit run.
 */
export function secretsFor({ cryptoKey, privateKeyPem, pans }: { cryptoKey?: string; privateKeyPem?: string; pans: string[] }): Secrets {
  const pemLines = (privateKeyPem ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 16 && !l.startsWith('-----'));
  return {
    exact: [
      // Shorter values would match by chance everywhere (redaction refuses them too).
      ...(cryptoKey && cryptoKey.length >= 4 ? [{ label: 'the crypto key', value: cryptoKey }] : []),
      { label: 'a PEM private key marker', value: 'PRIVATE KEY-----' },
      ...pemLines.map((value, i) => ({ label: `line ${i + 1} of the private key PEM body`, value })),
    ],
    pans,
    anyLuhn16: true,
  };
}

const looksLikeZip = (buf: Buffer) => buf.length >= 4 && buf.readUInt32LE(0) === ZIP_LOCAL_HEADER;
const reason = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ');
const hex = (n: number) => `0x${(n >>> 0).toString(16).padStart(8, '0')}`;

function mostlyText(buf: Buffer): boolean {
  if (buf.length === 0) return false;
  let printable = 0;
  const n = Math.min(buf.length, 4096);
  for (let i = 0; i < n; i++) {
    const b = buf[i];
    if (b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127) || b >= 128) printable++;
  }
  return printable / n > 0.9;
}

function scanText(text: string, where: string, secrets: Secrets, findings: Finding[]): void {
  for (const { label, value } of secrets.exact) {
    for (let i = text.indexOf(value); i >= 0; i = text.indexOf(value, i + 1)) findings.push({ where, offset: i, what: label });
  }
  // Anywhere, also inside a longer digit run (a digest input quotes recipient_pan right after the amount).
  const pans = new Set(secrets.pans);
  for (const pan of pans)
    for (let i = text.indexOf(pan); i >= 0; i = text.indexOf(pan, i + 1))
      findings.push({ where, offset: i, what: `a full card number the run sent or received (${pan.length} digits)` });
  if (secrets.anyLuhn16)
    for (const { run, index } of cardNumberRuns(text))
      if (run.length === 16 && !pans.has(run)) findings.push({ where, offset: index, what: 'a Luhn-valid 16-digit number' });
}

/** An entry's data, inflated by yauzl (which checks the sizes) and checked against its CRC-32 (which yauzl does not). */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let crc = 0;
  for await (const chunk of await zip.openReadStreamPromise(entry)) {
    chunks.push(chunk as Buffer);
    crc = crc32(chunk as Buffer, crc);
  }
  if (crc >>> 0 !== entry.crc32 >>> 0) throw new Error(`CRC-32 ${hex(crc)} where the archive says ${hex(entry.crc32)}`);
  return Buffer.concat(chunks);
}

async function scanZip(buf: Buffer, where: string, secrets: Secrets, findings: Finding[], depth: number): Promise<void> {
  if (depth >= MAX_ZIP_DEPTH) {
    findings.push({ where, offset: 0, what: `a zip nested too deep to scan (${depth} levels)` });
    return;
  }
  try {
    const zip = await yauzl.fromBufferPromise(buf);
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      const at = `${where} » zip entry ${entry.fileName}`;
      if (entry.uncompressedSize > MAX_FILE_BYTES) {
        findings.push({ where: at, offset: 0, what: `an entry too large to scan (${entry.uncompressedSize} bytes)` });
        continue;
      }
      let data: Buffer;
      try {
        data = await readEntry(zip, entry);
      } catch (e) {
        findings.push({ where: at, offset: 0, what: `an entry that cannot be read (${reason(e)})` });
        continue;
      }
      await scanBuffer(data, at, secrets, findings, depth + 1);
    }
  } catch (e) {
    // No central directory, or a broken one: the entries not listed so far are not scanned.
    findings.push({ where, offset: 0, what: `a zip archive that cannot be read (${reason(e)})` });
  }
}

async function scanBuffer(buf: Buffer, where: string, secrets: Secrets, findings: Finding[], depth = 0): Promise<void> {
  if (looksLikeZip(buf)) return scanZip(buf, where, secrets, findings, depth);
  const text = buf.toString('latin1'); // byte offsets; every secret here is ASCII
  scanText(text, where, secrets, findings);
  if (depth >= MAX_BASE64_DEPTH) return;
  for (const m of text.matchAll(BASE64_RUN)) {
    const decoded = Buffer.from(m[0], 'base64');
    if (looksLikeZip(decoded) || mostlyText(decoded)) await scanBuffer(decoded, `${where} » base64 at ${m.index}`, secrets, findings, depth + 1);
  }
}

/** Every file under each directory, plus named in-memory outputs (e.g. the run's console). */
export async function scanOutputs(
  dirs: string[],
  extra: Record<string, string>,
  secrets: Secrets,
): Promise<{ files: number; bytes: number; findings: Finding[] }> {
  const findings: Finding[] = [];
  let files = 0;
  let bytes = 0;
  for (const dir of dirs)
    for (const file of listFiles(dir).map((f) => join(dir, f))) {
      const size = statSync(file).size;
      files++;
      bytes += size;
      const where = relative(dir, file) || file;
      if (size > MAX_FILE_BYTES) {
        findings.push({ where, offset: 0, what: `a file too large to scan (${size} bytes)` });
        continue;
      }
      await scanBuffer(readFileSync(file), where, secrets, findings);
    }
  for (const [name, text] of Object.entries(extra)) await scanBuffer(Buffer.from(text, 'utf8'), name, secrets, findings);
  return { files, bytes, findings };
}

/** Luhn-valid 13..19-digit runs in a text (card numbers in request and response bodies). */
export function cardNumbersIn(text: string): string[] {
  return cardNumberRuns(text).map((c) => c.run);
}
