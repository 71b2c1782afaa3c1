// Values of the right type in the wrong format (profile): transaction not a UUID, return_url not an
// absolute http(s) URL, payload not an object, client_ip not an IP address, recipient_pan not 13..19
// Luhn-valid digits, payer_phone not 10..15 digits.
import type { RuleId } from '../../contracts/index.js';
import { formatVariants } from '../../generators/variants/index.js';
import { expectEachRejected } from '../harness/variants.js';
import type { ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { requiredRule } from '../../contracts/operation-facts.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS } from './operations.js';

/** The format rules each operation has, with what the check says. */
export const FORMAT_RULES: Readonly<Record<PaymentOperation, readonly (readonly [RuleId, string])[]>> = {
  invoice: [
    ['PRO-VAL-TRANSACTION-UUID', 'a transaction that is not a UUID is refused keyed transaction'],
    ['PRO-VAL-RETURN_URL', 'a return_url that is not an absolute http(s) URL is refused keyed return_url'],
    ['PRO-VAL-PAYLOAD-OBJECT', 'a payload that is not an object is refused keyed payload'],
    ['PRO-VAL-CLIENT_IP', 'a payload.client_ip that is not an IPv4 or IPv6 address is refused keyed payload.client_ip'],
  ],
  account2card: [
    ['PRO-VAL-TRANSACTION-UUID', 'a transaction that is not a UUID is refused keyed transaction'],
    ['PRO-VAL-RECIPIENT_PAN', 'a recipient_pan that is not 13..19 Luhn-valid digits (non-Luhn, short, long, spaces, letters) is refused keyed recipient_pan'],
    ['PRO-VAL-PAYER_PHONE', 'a payer_phone that is not 10..15 digits with an optional plus is refused keyed payer_phone'],
  ],
};

/** Every generated wrongly formatted value of the rule is refused keyed by its field. */
export function wrongFormatRejected(op: PaymentOperation, rule: RuleId): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  const entry = FORMAT_RULES[op].find(([r]) => r === rule);
  if (!entry) throw new Error(`wrongFormatRejected: ${op} has no format rule ${rule}`);
  return {
    name: `wrongFormatRejected(${op}, ${rule})`,
    title: `${OPERATION_NAMES[op].label}: ${entry[1]}`,
    // A transaction not a UUID breaks the documented "transaction is a required UUID string" too.
    rules: rule === 'PRO-VAL-TRANSACTION-UUID' ? [rule, requiredRule(op, 'transaction')] : [rule],
    async run({ api }) {
      spec.requireConfigured(api);
      await expectEachRejected(
        api,
        op,
        formatVariants(op, api.merchant).filter((v) => v.rule === rule),
        `${rule} variants`,
      );
    },
  };
}
