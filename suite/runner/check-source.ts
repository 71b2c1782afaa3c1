// Where each check function is defined, `suite/checks/amounts.ts:34`: the reports name it beside every
// rule, so that a rule leads to its code in one lookup. Read from the checks' own source once per process.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHECKS_DIR = join(ROOT, 'suite', 'checks');

let index: Map<string, string> | undefined;

/** Function name → `file:line` of its definition in suite/checks (a module-level `function`, exported or not). */
function checkFunctions(): Map<string, string> {
  if (index) return index;
  index = new Map();
  for (const file of readdirSync(CHECKS_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const path = join(CHECKS_DIR, file);
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const name = /^(?:export )?(?:async )?function (\w+)\s*[(<]/.exec(line)?.[1];
        if (name) index!.set(name, `${relative(ROOT, path).split('\\').join('/')}:${i + 1}`);
      });
  }
  return index;
}

/** `file:line` of the function a check's name calls (`amountEdgeAccepted(invoice, min)` → its definition). */
export function checkSource(checkName: string): string {
  const fn = /^(\w+)\(/.exec(checkName)?.[1];
  const at = fn === undefined ? undefined : checkFunctions().get(fn);
  if (at === undefined)
    throw new Error(`check ${checkName}: no exported function ${fn ?? checkName} in suite/checks (a check is named after the function that makes it)`);
  return at;
}
