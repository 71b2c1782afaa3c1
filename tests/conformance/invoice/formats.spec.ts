// Values of the right type in the wrong format: transaction, return_url, payload, client_ip.
import { test, rule } from '../../harness/rule.js';
import { formatVariants } from '../../../generators/variants/index.js';
import { expectVariantRejected } from '../../harness/variants.js';

const RULES: [string, string][] = [
  ['PRO-VAL-TRANSACTION-UUID', 'a transaction that is not a UUID is refused keyed transaction'],
  ['PRO-VAL-RETURN_URL', 'a return_url that is not an absolute http(s) URL is refused keyed return_url'],
  ['PRO-VAL-PAYLOAD-OBJECT', 'a payload that is not an object is refused keyed payload'],
  ['PRO-VAL-CLIENT_IP', 'a payload.client_ip that is not an IPv4 or IPv6 address is refused keyed payload.client_ip'],
];

for (const [ruleId, title] of RULES) {
  test(...rule(ruleId, `invoice: ${title}`), async ({ api }) => {
    const variants = formatVariants('invoice', api.merchant).filter((v) => v.rule === ruleId);
    test.expect(variants.length, `generators produce ${ruleId} variants`).toBeGreaterThan(0);
    for (const variant of variants) await test.step(variant.label, () => expectVariantRejected(api, 'invoice', variant));
  });
}
