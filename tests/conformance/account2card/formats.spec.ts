// Values of the right type in the wrong format: transaction, recipient_pan, payer_phone.
import { test, rule } from '../../harness/rule.js';
import { formatVariants } from '../../../generators/variants/index.js';
import { expectVariantRejected } from '../../harness/variants.js';
import { skipWithoutXSignKey } from './support.js';

test.beforeEach(skipWithoutXSignKey);

const RULES: [string[], string][] = [
  [['PRO-VAL-TRANSACTION-UUID', 'DOC-A2C-REQ-TRANSACTION'], 'a transaction that is not a UUID is refused keyed transaction'],
  [['PRO-VAL-RECIPIENT_PAN'], 'a recipient_pan that is not 13..19 Luhn-valid digits (non-Luhn, short, long, spaces, letters) is refused keyed recipient_pan'],
  [['PRO-VAL-PAYER_PHONE'], 'a payer_phone that is not 10..15 digits with an optional plus is refused keyed payer_phone'],
];

for (const [ids, title] of RULES) {
  const ruleId = ids[0];
  test(...rule(ids, `account to card: ${title}`), async ({ api }) => {
    const variants = formatVariants('account2card', api.merchant).filter((v) => v.rule === ruleId);
    test.expect(variants.length, `generators produce ${ruleId} variants`).toBeGreaterThan(0);
    for (const variant of variants) await test.step(variant.label, () => expectVariantRejected(api, 'account2card', variant));
  });
}
