// Account to card amount limits: 100 000 to 1 500 000 kopecks inclusive; everything else refused keyed amount.
import { test, rule } from '../../harness/rule.js';
import { amountEdges } from '../../../generators/amounts.js';
import { amountVariants } from '../../../generators/variants/index.js';
import { buildAccount2CardRequest } from '../../../generators/builders.js';
import { expectStatus } from '../../harness/expect-response.js';
import { expectVariantRejected } from '../../harness/variants.js';
import { skipWithoutXSignKey } from './support.js';

test.beforeEach(skipWithoutXSignKey);

const isType = (v: { rule: string }) => v.rule === 'PRO-VAL-TYPES' || v.rule === 'DOC-A2C-REQ-AMOUNT';

for (const edge of amountEdges('account2card').filter((e) => e.valid)) {
  test(...rule('DOC-LIMIT-A2C-AMOUNT', `account to card amount ${edge.label} is accepted`), async ({ api }) => {
    const exchange = await api.account2card(buildAccount2CardRequest(api.merchant, { amount: edge.value as number }));
    expectStatus(exchange, 'DOC-LIMIT-A2C-AMOUNT', api.profile.http.success, `amount ${edge.label} is inside the inclusive limits`);
  });
}

test(...rule(['DOC-LIMIT-A2C-AMOUNT', 'PRO-VAL-AMOUNT-RANGE'], 'account to card amounts outside 100 000..1 500 000 kopecks are refused keyed amount'), async ({ api }) => {
  const variants = amountVariants('account2card', api.merchant).filter((v) => !isType(v));
  test.expect(variants.length, 'generators produce out-of-range amounts').toBeGreaterThan(0);
  for (const variant of variants) await test.step(variant.label, () => expectVariantRejected(api, 'account2card', variant));
});

test(...rule(['DOC-A2C-REQ-AMOUNT', 'PRO-VAL-TYPES'], 'account to card amounts that are not integers (fractions, strings) are refused keyed amount'), async ({ api }) => {
  const variants = amountVariants('account2card', api.merchant).filter(isType);
  test.expect(variants.length, 'generators produce non-integer amounts').toBeGreaterThan(0);
  for (const variant of variants) await test.step(variant.label, () => expectVariantRejected(api, 'account2card', variant));
});
