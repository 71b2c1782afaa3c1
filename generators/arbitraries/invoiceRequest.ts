import fc from 'fast-check';
import type { InvoiceRequest } from '../../contracts/index.js';
import { buildInvoiceRequest } from '../builders.js';
import type { MerchantCredentials } from '../signing.js';
import { clientId } from './clientId.js';
import { DEFAULT_ANTIFRAUD_IP } from '../../contracts/operation-facts.js';
import { clientIp } from './clientIp.js';
import { description } from './description.js';
import { invoiceAmount, type InvoiceAmountConstraints } from './invoiceAmount.js';
import { payloadExtras, type PayloadExtrasConstraints } from './payloadExtras.js';
import { returnUrl } from './returnUrl.js';
import { uuid } from './uuid.js';

/** Options of {@link invoiceRequest}. */
export interface InvoiceRequestConstraints {
  /** Range of the amount. Default the whole invoice range, biased to its edges. */
  amount?: InvoiceAmountConstraints;
  /** Extra payload parameters; `false` for none. Default {@link payloadExtras} defaults. */
  extras?: PayloadExtrasConstraints | false;
  /** Client IPs never produced, in any textual form. Default the default profile's anti-fraud trigger, `203.0.113.66`. */
  excludeClientIps?: readonly string[];
}

/**
 * A valid, correctly signed invoice request body: `api_key` of the merchant, and every other
 * documented field drawn from its value classes (`uuidClasses`, `amountClasses`,
 * `descriptionClasses`, `returnUrlClasses`, `clientIdClasses`, `clientIpClasses`,
 * `payloadExtrasClasses`): class i of each field at run i of a
 * property's first runs, so a run of 25 meets every class. `signature` = sha256(api_key +
 * transaction + amount + crypto_key) of the generated fields.
 */
export function invoiceRequest(creds: MerchantCredentials, constraints: InvoiceRequestConstraints = {}): fc.Arbitrary<InvoiceRequest> {
  const extras = constraints.extras === false ? fc.constant({}) : payloadExtras(constraints.extras ?? {});
  return fc
    .record({
      transaction: uuid(),
      amount: invoiceAmount(constraints.amount ?? {}),
      description: description(),
      return_url: returnUrl(),
      client_id: clientId(),
      client_ip: clientIp({ exclude: constraints.excludeClientIps ?? [DEFAULT_ANTIFRAUD_IP] }),
      extras,
    })
    .map(({ client_id, client_ip, extras: more, ...fields }) => buildInvoiceRequest(creds, { ...fields, payload: { client_id, client_ip, ...more } }));
}
