// manifest.sha256: one `sha256sum`-compatible line ("<hex>  <relative path>") for every file of a folder,
// so `cd <folder> && sha256sum -c manifest.sha256` shows whether a file changed since the manifest was written.
// Alone it proves nothing to a third party (anyone can write it again): the merchant's signature over it,
// manifest.sha256.p7s (reporting/certificate-signature.ts), does; the signature is the one file not listed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const MANIFEST = 'manifest.sha256';
/** The detached CMS signature of the manifest, beside it. */
export const SIGNATURE = 'manifest.sha256.p7s';
const UNLISTED = new Set([MANIFEST, SIGNATURE]);

/** Every regular file under dir, as slash-separated paths relative to dir, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Writes dir/manifest.sha256 over every other file of dir but the signature; returns its lines. */
export function writeManifest(dir: string): string[] {
  const lines = listFiles(dir)
    .filter((f) => !UNLISTED.has(f))
    .map((f) => `${sha256File(join(dir, f))}  ${f}`);
  writeFileSync(join(dir, MANIFEST), lines.join('\n') + '\n');
  return lines;
}

/** Problems found when re-hashing dir against its manifest (empty when it verifies), incl. files not listed. */
export function verifyManifest(dir: string): string[] {
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const line of readFileSync(join(dir, MANIFEST), 'utf8').split('\n').filter(Boolean)) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!m) {
      problems.push(`malformed line: ${line}`);
      continue;
    }
    listed.add(m[2]);
    if (m[2].startsWith('/') || m[2].split('/').includes('..')) {
      problems.push(`${m[2]}: outside the folder`);
      continue;
    }
    let actual: string;
    try {
      actual = sha256File(join(dir, m[2]));
    } catch {
      problems.push(`${m[2]}: missing`);
      continue;
    }
    if (actual !== m[1]) problems.push(`${m[2]}: checksum differs`);
  }
  for (const f of listFiles(dir)) if (!UNLISTED.has(f) && !listed.has(f)) problems.push(`${f}: not in the manifest`);
  return problems;
}
