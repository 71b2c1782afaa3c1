// Scans everything a run wrote for secrets: raw bytes of every file, base64 runs decoded (attachments
// inside JSON reports, the zip that Playwright's HTML report embeds) and zip files opened. A finding
// names the file and offset and what kind of secret it is, never the secret itself.
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { cardNumberRuns } from '../contracts/redaction.js';
import { listFiles } from './manifest.js';

export interface Secrets {
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
const MAX_DEPTH = 3;
const BASE64_RUN = /[A-Za-z0-9+/]{24,}={0,2}/g;

/** Entries of a zip archive (stored or deflated); undefined when `buf` is not one. */
export function unzip(buf: Buffer): { name: string; data: Buffer }[] | undefined {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return undefined;
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) return undefined;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let n = 0; n < count && p + 46 <= buf.length && buf.readUInt32LE(p) === 0x02014b50; n++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) continue;
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + size);
    try {
      entries.push({ name, data: method === 0 ? raw : method === 8 ? inflateRawSync(raw, { maxOutputLength: MAX_FILE_BYTES }) : Buffer.alloc(0) });
    } catch {
      entries.push({ name, data: Buffer.alloc(0) });
    }
  }
  return entries;
}

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

export function scanBuffer(buf: Buffer, where: string, secrets: Secrets, findings: Finding[], depth = 0): void {
  const entries = unzip(buf);
  if (entries) {
    for (const e of entries) scanBuffer(e.data, `${where} » zip entry ${e.name}`, secrets, findings, depth + 1);
    return;
  }
  const text = buf.toString('latin1'); // byte offsets; every secret here is ASCII
  scanText(text, where, secrets, findings);
  if (depth >= MAX_DEPTH) return;
  for (const m of text.matchAll(BASE64_RUN)) {
    const decoded = Buffer.from(m[0], 'base64');
    if (unzip(decoded) || mostlyText(decoded)) scanBuffer(decoded, `${where} » base64 at ${m.index}`, secrets, findings, depth + 1);
  }
}

/** Every file under each directory, plus named in-memory outputs (e.g. the run's console). */
export function scanOutputs(dirs: string[], extra: Record<string, string>, secrets: Secrets): { files: number; bytes: number; findings: Finding[] } {
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
      scanBuffer(readFileSync(file), where, secrets, findings);
    }
  for (const [name, text] of Object.entries(extra)) scanBuffer(Buffer.from(text, 'utf8'), name, secrets, findings);
  return { files, bytes, findings };
}

/** Luhn-valid 13..19-digit runs in a text (card numbers in request and response bodies). */
export function cardNumbersIn(text: string): string[] {
  return cardNumberRuns(text).map((c) => c.run);
}
