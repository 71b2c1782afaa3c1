// Amount limits (Limits section): both bounds inclusive; everything outside, and anything not an
// integer, refused keyed amount.
import type { RuleId } from '../../contracts/index.js';
import { AMOUNT_LIMITS, amountEdges, type AmountCase } from '../../generators/amounts.js';
import { amountVariants } from '../../generators/variants/index.js';
import { expectStatus } from '../harness/expect-response.js';
import { expectEachRejected } from '../harness/variants.js';
import type { ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { requiredRule } from '../../contracts/operation-facts.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS } from './operations.js';

/** The documented amount limits of each operation (Limits). */
const limitRule = (op: PaymentOperation): RuleId => AMOUNT_LIMITS[op].rule;
/** The documented "amount is a required integer in kopecks" of each operation (Endpoints). */
const integerRule = (op: PaymentOperation): RuleId => requiredRule(op, 'amount');

/** `10 000..40 000 000`: an operation's limits in kopecks, as titles show them. */
function rangeText(op: PaymentOperation): string {
  const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ' ');
  return `${grouped(AMOUNT_LIMITS[op].min)}..${grouped(AMOUNT_LIMITS[op].max)}`;
}

/** The valid amount edges of an operation (min, min+1, max-1, max). */
export function validAmountEdges(op: PaymentOperation): AmountCase[] {
  return amountEdges(op).filter((e) => e.valid);
}

/** An amount on or next to a bound, inside the limits, is accepted. */
export function amountEdgeAccepted(op: PaymentOperation, edge: AmountCase): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `amountEdgeAccepted(${op}, ${edge.label})`,
    title: `${OPERATION_NAMES[op].label} amount ${edge.label} is accepted`,
    rules: [limitRule(op)],
    async run({ api }) {
      spec.requireConfigured(api);
      const exchange = await spec.send(api, spec.build(api, { amount: edge.value }));
      expectStatus(exchange, limitRule(op), api.profile.http.success, `amount ${edge.label} is inside the inclusive limits`);
    },
  };
}

/** Integers outside the inclusive limits (one past each bound, zero, negative, beyond 2^53) are refused keyed amount. */
export function amountOutOfRangeRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `amountOutOfRangeRejected(${op})`,
    title: `${OPERATION_NAMES[op].label} amounts outside ${rangeText(op)} kopecks are refused keyed amount`,
    rules: [limitRule(op), 'PRO-VAL-AMOUNT-RANGE'],
    async run({ api }) {
      spec.requireConfigured(api);
      const variants = amountVariants(op, api.merchant).filter((v) => v.rule === limitRule(op));
      await expectEachRejected(api, op, variants, 'out-of-range amounts');
    },
  };
}

/** Amounts that are not integers (fractions, numeric strings) are refused keyed amount. */
export function amountNotIntegerRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `amountNotIntegerRejected(${op})`,
    title: `${OPERATION_NAMES[op].label} amounts that are not integers (fractions, strings) are refused keyed amount`,
    rules: [integerRule(op), 'PRO-VAL-TYPES'],
    async run({ api }) {
      spec.requireConfigured(api);
      const variants = amountVariants(op, api.merchant).filter((v) => v.keysRule === 'PRO-VAL-TYPES');
      await expectEachRejected(api, op, variants, 'non-integer amounts');
    },
  };
}
