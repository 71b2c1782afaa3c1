// The role of every field of every signed request: what its value is for. Oracles are applied by role, not by field
// (what holds for one credential is tried on every credential, on every operation), so a field is classified here,
// once; tests/selftest/contracts-field-roles.spec.ts fails when a request schema gains a field this table does not classify.
import type { SignedOperation } from './operations.js';

export type FieldRole = 'credential' | 'identifier' | 'address' | 'money' | 'free text' | 'merchant payload';

/** Each field of each signed request, by its dotted path, and its role; the order is the document's. */
export const FIELD_ROLES: Readonly<Record<SignedOperation, Readonly<Record<string, FieldRole>>>> = {
  invoice: {
    api_key: 'credential',
    transaction: 'identifier',
    signature: 'credential',
    amount: 'money',
    description: 'free text',
    return_url: 'address',
    payload: 'merchant payload',
    'payload.client_id': 'free text',
    'payload.client_ip': 'address',
  },
  account2card: {
    api_key: 'credential',
    transaction: 'identifier',
    signature: 'credential',
    amount: 'money',
    payer_fio: 'free text',
    payer_phone: 'identifier',
    recipient_pan: 'identifier',
  },
  // defaults.md, Payment status method: api_key, transaction and their digest.
  status: { api_key: 'credential', transaction: 'identifier', signature: 'credential' },
};

/** The fields of `op` whose role is one of `roles`, in the table's order. */
export function fieldsOfRole(op: SignedOperation, ...roles: FieldRole[]): string[] {
  return Object.entries(FIELD_ROLES[op])
    .filter(([, role]) => roles.includes(role))
    .map(([field]) => field);
}
