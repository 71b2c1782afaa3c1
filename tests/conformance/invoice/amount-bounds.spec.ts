// Invoice amount limits: 10 000 to 40 000 000 kopecks inclusive; everything else refused keyed amount.
import { test, rule } from '../../harness/rule.js';
import { amountEdges } from '../../../generators/amounts.js';
import { amountVariants } from '../../../generators/variants/index.js';
import { buildInvoiceRequest } from '../../../generators/builders.js';
import { expectStatus } from '../../harness/expect-response.js';
import { expectVariantRejected } from '../../harness/variants.js';

for (const edge of amountEdges('invoice').filter((e) => e.valid)) {
  test(...rule('DOC-LIMIT-INV-AMOUNT', `invoice amount ${edge.label} is accepted`), async ({ api }) => {
    const exchange = await api.invoice(buildInvoiceRequest(api.merchant, { amount: edge.value as number }));
    expectStatus(exchange, 'DOC-LIMIT-INV-AMOUNT', api.profile.http.success, `amount ${edge.label} is inside the inclusive limits`);
  });
}

test(...rule(['DOC-LIMIT-INV-AMOUNT', 'PRO-VAL-AMOUNT-RANGE'], 'invoice amounts outside 10 000..40 000 000 kopecks are refused keyed amount'), async ({ api }) => {
  for (const variant of amountVariants('invoice', api.merchant).filter((v) => v.rule !== 'PRO-VAL-TYPES' && v.rule !== 'DOC-INV-REQ-AMOUNT'))
    await test.step(variant.label, () => expectVariantRejected(api, 'invoice', variant));
});

test(...rule(['DOC-INV-REQ-AMOUNT', 'PRO-VAL-TYPES'], 'invoice amounts that are not integers (fractions, strings) are refused keyed amount'), async ({ api }) => {
  for (const variant of amountVariants('invoice', api.merchant).filter((v) => v.rule === 'PRO-VAL-TYPES' || v.rule === 'DOC-INV-REQ-AMOUNT'))
    await test.step(variant.label, () => expectVariantRejected(api, 'invoice', variant));
});
