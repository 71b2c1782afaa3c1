/**
 * The faults of what a provider keeps of its payments and when it says they were made. The clean provider
 * keeps every payment (up to its memory bound) and stamps each with one clock.
 */

/** store-keeps-recent-only, status-created-at-rebuilt: the payments a recent-payments store holds. */
export const RECENT_PAYMENTS = 200;
/** created-at-nodes-skewed: the clocks of the two nodes, either way of true time (each within the default profile's 300 s). */
export const SKEWED_NODES_MS = 240_000;
