// The seam of the payment store's policy: which payments it keeps, how it numbers them, and what its duplicate
// index counts as one transaction. The clean policy keeps every payment of its bound, numbers them in one sequence
// and keys transactions per merchant and operation.
import type { SeamTable } from './apply.js';

interface StorePolicy {
  /** Only the most recent payments are kept, the oldest dropped first. */
  recentOnly: boolean;
  /** One sequence; random ids; two interleaved sequences, one per operation; or the clock's milliseconds. */
  ids: 'sequential' | 'random' | 'disjoint' | 'clock';
  /** Account-to-card payments numbered by a sequence of their own (ids repeat across operations). */
  account2cardOwnSequence: boolean;
  usedAcrossOperations: boolean;
  finalFreesTransaction: boolean;
  usedAcrossMerchants: boolean;
  latestAcrossMerchants: boolean;
  caseSensitiveTransactions: boolean;
}

export const cleanStorePolicy = (): StorePolicy => ({
  recentOnly: false,
  ids: 'sequential',
  account2cardOwnSequence: false,
  usedAcrossOperations: false,
  finalFreesTransaction: false,
  usedAcrossMerchants: false,
  latestAcrossMerchants: false,
  caseSensitiveTransactions: false,
});

export const STORE_POLICY_SEAMS: SeamTable<StorePolicy> = {
  // Faults
  'store-keeps-recent-only': (s) => void (s.recentOnly = true),
  // Random ids from one source never repeat across operations.
  'ids-per-operation': (s) => void (s.account2cardOwnSequence = s.ids !== 'random'),
  'duplicate-check-across-operations': (s) => void (s.usedAcrossOperations = true),
  'duplicate-check-forgets-final': (s) => void (s.finalFreesTransaction = true),
  'payment-index-shared-across-merchants': (s) => void (s.latestAcrossMerchants = true),
  'payment-id-from-clock': (s) => void (s.ids = 'clock'),
  // A text column with a case-sensitive unique index.
  'transaction-case-sensitive': (s) => void (s.caseSensitiveTransactions = true),
  // Variations; random ids are disjoint across operations already.
  'payment-id-large': (s) => void (s.ids = 'random'),
  'ids-per-operation-disjoint': (s) => void (s.ids = s.ids === 'random' ? 'random' : 'disjoint'),
  'transaction-unique-across-merchants': (s) => void (s.usedAcrossMerchants = true),
};
