// The RSA key pairs of the embedded provider's merchants. They are test keys of the suite's own provider, held by
// nobody else, and each takes about 0.2 s of CPU to generate; npm test starts the embedded provider some eighty
// times. So a pair is generated once per machine user and kept in a folder of the temp folder that only that user
// can read (0700, the files 0600); the API keys and crypto keys stay fresh for every run. A kept pair that is
// missing, unreadable or whose halves do not match is generated again, and a folder owned by someone else is never
// used.
import { createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateRsaKeyPairAsync, type RsaKeyPair } from '../../generators/signing.js';

/** Where the pairs are kept: one folder per user of the machine. */
function embeddedKeyFolder(): string {
  return join(tmpdir(), `pts-embedded-keys-${typeof process.getuid === 'function' ? process.getuid() : 'user'}`);
}

/** The kept key pair of merchant `slot` (1, 2, …), generated and kept when there is none. */
export async function embeddedKeyPair(slot: number, folder = embeddedKeyFolder()): Promise<RsaKeyPair> {
  const file = join(folder, `merchant-${slot}.json`);
  // A folder another user could write is neither read nor written: its pair could be anyone's.
  const own = ownFolder(folder);
  const kept = own ? keptPair(file) : undefined;
  if (kept) return kept;
  const pair = await generateRsaKeyPairAsync();
  if (own) {
    // Written whole, then renamed: a run that reads it meanwhile sees the old pair or the new one, never half of one.
    const part = `${file}.${randomUUID()}.part`;
    writeFileSync(part, JSON.stringify(pair), { mode: 0o600 });
    renameSync(part, file);
  }
  return pair;
}

function keptPair(file: string): RsaKeyPair | undefined {
  try {
    const pair = JSON.parse(readFileSync(file, 'utf8')) as RsaKeyPair;
    const publicKeyPem = createPublicKey(createPrivateKey(pair.privateKeyPem)).export({ type: 'spki', format: 'pem' });
    return publicKeyPem === pair.publicKeyPem ? pair : undefined;
  } catch {
    return undefined;
  }
}

/** The folder, made if missing: only this user may write and read it. */
function ownFolder(folder: string): boolean {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const s = statSync(folder);
    return s.isDirectory() && (typeof process.getuid !== 'function' || s.uid === process.getuid()) && (s.mode & 0o077) === 0;
  } catch {
    return false;
  }
}
