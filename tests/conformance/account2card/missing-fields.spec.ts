// Required account to card fields: absent (documented), null / "" / wrong type (profile), several at once.
import { test, rule } from '../../harness/rule.js';
import { missingFieldVariants, REQUIRED_FIELDS } from '../../../generators/variants/index.js';
import { expectVariantRejected } from '../../harness/variants.js';
import { skipWithoutXSignKey } from './support.js';

test.beforeEach(skipWithoutXSignKey);

for (const { field, rule: fieldRule } of REQUIRED_FIELDS.account2card) {
  const only = (rules: string[]) => (v: { breaks: string[]; rule: string }) => v.breaks.length === 1 && v.breaks[0] === field && rules.includes(v.rule);

  test(...rule([fieldRule, 'DOC-ERR-VALIDATION-REQUIRED', 'DOC-ERR-VALIDATION-SHAPE'], `an account to card payment without ${field} is refused with a "required" message keyed ${field}`), async ({ api }) => {
    const variants = missingFieldVariants('account2card', api.merchant).filter(only([fieldRule]));
    test.expect(variants.length, `generators produce an absent ${field}`).toBeGreaterThan(0);
    for (const variant of variants) await test.step(variant.label, () => expectVariantRejected(api, 'account2card', variant));
  });

  test(...rule(['PRO-VAL-MISSING', 'PRO-VAL-TYPES', 'PRO-VAL-STATUS'], `an account to card payment with ${field} null, empty or of the wrong type is refused keyed ${field}`), async ({ api }) => {
    const variants = missingFieldVariants('account2card', api.merchant).filter(only(['PRO-VAL-MISSING', 'PRO-VAL-TYPES']));
    test.expect(variants.length, `generators produce null, empty and wrongly typed ${field}`).toBeGreaterThan(0);
    for (const variant of variants) await test.step(variant.label, () => expectVariantRejected(api, 'account2card', variant));
  });
}

test(...rule(['PRO-VAL-ALL-FIELDS', 'DOC-ERR-VALIDATION-SHAPE'], 'an account to card payment missing several fields gets every one of them reported'), async ({ api }) => {
  const several = missingFieldVariants('account2card', api.merchant).filter((v) => v.breaks.length > 1);
  test.expect(several.length, 'generators produce multi-field variants').toBeGreaterThan(0);
  for (const variant of several) await test.step(variant.label, () => expectVariantRejected(api, 'account2card', variant));
});
