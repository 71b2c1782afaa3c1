// Every seam's policy of one provider, each the clean one as its faults and variations change it, made once.
import type { FaultSet } from '../faults/catalog.js';
import type { Profile } from '../profile.js';
import type { StackBehaviour } from '../stacks/catalog.js';
import type { VariationSet } from '../variations/catalog.js';
import { ACCOUNT2CARD_POLICY_SEAMS, cleanAccount2CardPolicy } from './account2card-policy.js';
import { throughSeam } from './apply.js';
import { cleanInvoicePolicy, INVOICE_POLICY_SEAMS } from './invoice-policy.js';
import { cleanPagePolicy, PAGE_POLICY_SEAMS } from './page-policy.js';
import { cleanRequestPolicy, REQUEST_POLICY_SEAMS } from './request-policy.js';
import { cleanServingPolicy, SERVING_POLICY_SEAMS } from './serving-policy.js';
import { cleanSignaturePolicy, SIGNATURE_POLICY_SEAMS } from './signature-policy.js';
import { cleanStatusPolicy, STATUS_POLICY_SEAMS } from './status-policy.js';
import { cleanUploadPolicy, UPLOAD_POLICY_SEAMS } from './upload-policy.js';

type Made = ReturnType<typeof makePolicies>;
/** The policies as the provider holds them: read-only. */
export type Policies = { readonly [K in keyof Made]: Readonly<Made[K]> };

export function makePolicies(faults: FaultSet, variations: VariationSet, profile: Profile, stack: StackBehaviour | undefined, clockSkewMs: number) {
  return {
    request: throughSeam(REQUEST_POLICY_SEAMS, faults, variations, cleanRequestPolicy()),
    serving: throughSeam(SERVING_POLICY_SEAMS, faults, variations, cleanServingPolicy(clockSkewMs)),
    invoice: throughSeam(INVOICE_POLICY_SEAMS, faults, variations, cleanInvoicePolicy(profile)),
    account2card: throughSeam(ACCOUNT2CARD_POLICY_SEAMS, faults, variations, cleanAccount2CardPolicy()),
    status: throughSeam(STATUS_POLICY_SEAMS, faults, variations, cleanStatusPolicy()),
    signature: throughSeam(SIGNATURE_POLICY_SEAMS, faults, variations, cleanSignaturePolicy()),
    page: throughSeam(PAGE_POLICY_SEAMS, faults, variations, cleanPagePolicy(stack?.pressRedirect)),
    upload: throughSeam(UPLOAD_POLICY_SEAMS, faults, variations, cleanUploadPolicy(profile)),
  } as const;
}
