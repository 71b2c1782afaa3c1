// A transaction the provider knows: a fresh accepted invoice (status checks ask about it).
import { buildInvoiceRequest } from '../../generators/builders.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { expectAccepted } from '../harness/expect-response.js';

export async function knownTransaction(api: ProviderApi): Promise<{ transaction: string; amount: number }> {
  const body = buildInvoiceRequest(api.merchant);
  expectAccepted(await api.invoice(body), 'PRO-INV-SUCCESS', 'the invoice (precondition)');
  return { transaction: body.transaction, amount: body.amount };
}
