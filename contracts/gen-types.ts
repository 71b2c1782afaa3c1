/**
 * Writes the generated contract artifacts (types.gen.ts and the profile override schema).
 * Run: npx tsx contracts/gen-types.ts   (npm run contracts:types)
 */
import { writeFileSync } from 'node:fs';
import { generateAll } from './typegen.js';

const files = await generateAll();
for (const [rel, text] of Object.entries(files)) {
  writeFileSync(new URL(`./${rel}`, import.meta.url), text);
  console.log(`contracts: wrote contracts/${rel}`);
}
