// The hostile-input probes each signed operation gets alike (docs/security-probes.md): one list, so that the
// area tables cannot drift apart. The probes of one operation (addresses, X-Sign, the page) are in its table.
import type { SignedOperation } from '../../contracts/operations.js';
import type { Check } from '../harness/check.js';
import { amountLiteralsHandled, amountsPastStorageWidthsRefused } from './amount-widths.js';
import { errorAnswersRevealNothing, refusedSignatureNotDisclosed } from './error-disclosure.js';
import { otherSignatureSchemesRefused, otherSignatureTypesRefused } from './signature-schemes.js';
import { inputCostGrowsLinearly } from './input-cost.js';

export function hostileInputChecks(op: SignedOperation): Check[] {
  return [
    errorAnswersRevealNothing(op),
    refusedSignatureNotDisclosed(op),
    inputCostGrowsLinearly(op),
    otherSignatureSchemesRefused(op),
    otherSignatureTypesRefused(op),
    ...(op === 'status' ? [] : [amountsPastStorageWidthsRefused(op), amountLiteralsHandled(op)]),
  ];
}
