// Required invoice fields: absent (documented), null / "" / wrong type (profile), several at once.
import { test, rule } from '../../harness/rule.js';
import { missingFieldVariants, REQUIRED_FIELDS } from '../../../generators/variants/index.js';
import { expectVariantRejected } from '../../harness/variants.js';

for (const { field, rule: fieldRule } of REQUIRED_FIELDS.invoice) {
  const only = (rules: string[]) => (v: { breaks: string[]; rule: string }) => v.breaks.length === 1 && v.breaks[0] === field && rules.includes(v.rule);

  test(...rule([fieldRule, 'DOC-ERR-VALIDATION-REQUIRED', 'DOC-ERR-VALIDATION-SHAPE'], `an invoice without ${field} is refused with a "required" message keyed ${field}`), async ({ api }) => {
    for (const variant of missingFieldVariants('invoice', api.merchant).filter(only([fieldRule])))
      await test.step(variant.label, () => expectVariantRejected(api, 'invoice', variant));
  });

  test(...rule(['PRO-VAL-MISSING', 'PRO-VAL-TYPES', 'PRO-VAL-DOT-NAMES', 'PRO-VAL-STATUS'], `an invoice with ${field} null, empty or of the wrong type is refused keyed ${field}`), async ({ api }) => {
    for (const variant of missingFieldVariants('invoice', api.merchant).filter(only(['PRO-VAL-MISSING', 'PRO-VAL-TYPES'])))
      await test.step(variant.label, () => expectVariantRejected(api, 'invoice', variant));
  });
}

test(...rule(['PRO-VAL-ALL-FIELDS', 'DOC-ERR-VALIDATION-SHAPE'], 'an invoice missing several fields gets every one of them reported'), async ({ api }) => {
  const several = missingFieldVariants('invoice', api.merchant).filter((v) => v.breaks.length > 1);
  test.expect(several.length, 'generators produce multi-field variants').toBeGreaterThan(0);
  for (const variant of several) await test.step(variant.label, () => expectVariantRejected(api, 'invoice', variant));
});
