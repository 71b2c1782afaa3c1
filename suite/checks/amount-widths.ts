// Amounts past the widths implementations store them in, and a valid amount written as other number
// literals (ASVS 5.0 1.4.2 integer overflow, 1.5.3 one reading of the same data). Out of range however wide:
// refused keyed amount, never wrapped into range (2^32 + min taken as min is a defect). Written with an
// exponent or a zero fraction: JSON, equal to an integer, so taken as that integer or refused keyed amount
// (the document says "integer" and does not say which texts of one it takes), never a server error. Written
// as JSON cannot write a number (leading zero, plus, hex, NaN): a body that is not JSON.
import type { PaymentOperation } from '../../contracts/operations.js';
import { AMOUNT_LIMITS, amountLiterals } from '../../generators/amounts.js';
import { amountLiteralBodies, storageWidthVariants } from '../../generators/variants/index.js';
import { expectMessageBody, expectNoServerError } from '../harness/expect-response.js';
import { CheckFailure } from '../harness/failure.js';
import { expectEachRejected, expectProfileValidation, sendBody, shapeRule } from '../harness/variants.js';
import { step, type ApiCheck } from '../harness/check.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS } from './operations.js';
import { eachAtOnce } from '../harness/at-once.js';

/** 2^31 ± 1, 2^32 + min, 2^53 - 1, 2^63, 2^64 + min, -0, 400 digits: refused keyed amount, none taken as a wrapped value. */
export function amountsPastStorageWidthsRefused(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `amountsPastStorageWidthsRefused(${op})`,
    title: `${OPERATION_NAMES[op].label} amounts at and past the 32- and 64-bit and double widths (2^32 + min and 2^64 + min among them), -0 and 400 digits are refused keyed amount`,
    rules: [AMOUNT_LIMITS[op].rule, 'PRO-VAL-AMOUNT-RANGE'],
    async run({ api }) {
      spec.requireConfigured(api);
      await expectEachRejected(api, op, storageWidthVariants(op, api.merchant), 'amounts past storage widths');
    },
  };
}

/** The first three of the operation's literals of a kind, for the title. */
const literals = (op: PaymentOperation, json: boolean) =>
  amountLiterals(op)
    .filter((l) => l.json === json)
    .slice(0, 3)
    .map((l) => l.literal)
    .join(', ');

/** The min written with an exponent or a fraction: taken or refused keyed amount; written as JSON cannot: the malformed answer. */
export function amountLiteralsHandled(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `amountLiteralsHandled(${op})`,
    title: `${OPERATION_NAMES[op].label} amount ${AMOUNT_LIMITS[op].min} written with an exponent or a zero fraction (${literals(op, true)}) is taken or refused keyed amount, never a server error; written as JSON cannot (${literals(op, false)}) it is a malformed body`,
    rules: ['PRO-ERR-SERVER', 'PRO-ERR-MALFORMED', 'PRO-VAL-TYPES'],
    async run({ api }) {
      spec.requireConfigured(api);
      await eachAtOnce(api.atOnce, amountLiteralBodies(op, api.merchant), (l) =>
        step(l.label, async () => {
          const exchange = await sendBody(api, op, undefined, l.rawBody);
          if (!l.json) return void expectMessageBody(exchange, 'PRO-ERR-MALFORMED', api.profile.http.malformed, `${l.label}: not JSON`);
          const res = expectNoServerError(exchange, l.label);
          if (res.status >= 200 && res.status <= 299) return;
          // Refused: a validation answer about the amount, or about the signature taken over another text of it.
          const body = expectProfileValidation(api, exchange, {
            rule: 'PRO-VAL-TYPES',
            keysRule: 'PRO-VAL-TYPES',
            breaks: [],
            mayAlsoReport: ['amount', 'signature'],
            shapeRule: shapeRule(op),
          });
          if (Object.keys(body).length === 0)
            throw new CheckFailure({
              rule: 'PRO-VAL-TYPES',
              expected: `${l.label} taken, or refused keyed amount`,
              received: 'a validation answer naming no field',
              exchange,
            });
        }),
      );
    },
  };
}
