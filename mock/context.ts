import type { CallbackDispatcher } from './callbacks.js';
import type { FaultSet } from './faults/catalog.js';
import type { Merchants } from './merchants.js';
import type { PaymentStore } from './store.js';

/** What every handler gets. */
export interface Ctx {
  readonly faults: FaultSet;
  readonly merchants: Merchants;
  readonly store: PaymentStore;
  readonly callbacks: CallbackDispatcher;
  /** Base address of this provider, no trailing slash. */
  baseUrl: string;
  /** Invoice payments created so far (credentials alternate on it). */
  invoiceCount: number;
}
