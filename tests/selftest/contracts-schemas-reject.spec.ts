import { test, expect } from '@playwright/test';
import { validate } from '../../contracts/index.js';
import { counterexamples, missingDiagnostics } from '../../contracts/counterexamples.js';

test.describe('contracts: schemas reject each violation where it says', () => {
  const seen = new Set<string>();
  for (const c of counterexamples) {
    const title = `${c.schema} rejects ${c.name}`;
    if (seen.has(title)) throw new Error(`duplicate counter-example title: ${title}`);
    seen.add(title);

    test(title, () => {
      const result = validate(c.schema, c.data);
      expect(result.valid).toBe(false);
      const missing = missingDiagnostics(c.expect, result.errors);
      expect(missing, `expected diagnostics not reported; got ${JSON.stringify(result.errors, null, 1)}`).toEqual([]);
    });
  }
});
