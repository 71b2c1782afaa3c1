// Amount limits (Limits section): both bounds inclusive; everything outside, and anything not an
// integer, refused keyed amount.
import { amountEdges, type AmountCase } from '../../generators/amounts.js';
import { amountVariants } from '../../generators/variants/index.js';
import { expectStatus } from '../harness/expect-response.js';
import { expectEachRejected } from '../harness/variants.js';
import type { ApiCheck, PaymentOperation } from '../harness/check.js';
import { PAYMENT_OPERATIONS } from './operations.js';

const RANGE_TEXT: Record<PaymentOperation, string> = { invoice: '10 000..40 000 000', account2card: '100 000..1 500 000' };
const REQUEST_TEXT: Record<PaymentOperation, string> = { invoice: 'invoice', account2card: 'account to card' };

/** The valid amount edges of an operation (min, min+1, max-1, max). */
export function validAmountEdges(op: PaymentOperation): AmountCase[] {
  return amountEdges(op).filter((e) => e.valid);
}

/** An amount on or next to a bound, inside the limits, is accepted. */
export function amountEdgeAccepted(op: PaymentOperation, edge: AmountCase): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `amountEdgeAccepted(${op}, ${edge.label})`,
    title: `${REQUEST_TEXT[op]} amount ${edge.label} is accepted`,
    rules: [spec.limitRule],
    async run({ api }) {
      spec.requireConfigured(api);
      const exchange = await spec.send(api, spec.build(api, { amount: edge.value }));
      expectStatus(exchange, spec.limitRule, api.profile.http.success, `amount ${edge.label} is inside the inclusive limits`);
    },
  };
}

/** Integers outside the inclusive limits (one past each bound, zero, negative, beyond 2^53) are refused keyed amount. */
export function amountOutOfRangeRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `amountOutOfRangeRejected(${op})`,
    title: `${REQUEST_TEXT[op]} amounts outside ${RANGE_TEXT[op]} kopecks are refused keyed amount`,
    rules: [spec.limitRule, 'PRO-VAL-AMOUNT-RANGE'],
    async run({ api }) {
      spec.requireConfigured(api);
      const variants = amountVariants(op, api.merchant).filter((v) => v.rule === spec.limitRule);
      await expectEachRejected(api, op, variants, 'out-of-range amounts');
    },
  };
}

/** Amounts that are not integers (fractions, numeric strings) are refused keyed amount. */
export function amountNotIntegerRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `amountNotIntegerRejected(${op})`,
    title: `${REQUEST_TEXT[op]} amounts that are not integers (fractions, strings) are refused keyed amount`,
    rules: [spec.amountRule, 'PRO-VAL-TYPES'],
    async run({ api }) {
      spec.requireConfigured(api);
      const variants = amountVariants(op, api.merchant).filter((v) => v.keysRule === 'PRO-VAL-TYPES');
      await expectEachRejected(api, op, variants, 'non-integer amounts');
    },
  };
}
