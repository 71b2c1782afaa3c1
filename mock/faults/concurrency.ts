/**
 * The concurrency faults' timing and the status replica of fault status-lags. The clean provider never
 * waits: each fault adds its round trip only inside its own guarded branch.
 */
import type { Payment } from '../store.js';

/** duplicate-check-not-atomic, ids-reused-under-load: a database round trip between check and act. */
export const ROUND_TRIP_MS = 5;
/** press-not-atomic: between reading the state and applying the press (two tabs' clicks leave some ms apart). */
export const PRESS_ROUND_TRIP_MS = 40;
/** callback-before-store: the state is stored this long after its callback left. */
export const STORE_DELAY_MS = 500;
/** status-lags: how far the replica the status method reads is behind. */
const REPLICA_LAG_MS = 700;

type Snapshot = Pick<Payment, 'state' | 'errorCode' | 'errorDescription'> & { until: number };
const replica = new WeakMap<Payment, Snapshot>();

/** Fault status-lags: remembers the payment as it is, before a change, for the replica's lag. */
export function beforeChange(p: Payment): void {
  replica.set(p, { state: p.state, errorCode: p.errorCode, errorDescription: p.errorDescription, until: Date.now() + REPLICA_LAG_MS });
}

/** Fault status-lags: the payment as the lagging replica has it now. */
export function asReplicaHasIt(p: Payment): Payment {
  const old = replica.get(p);
  if (old === undefined || Date.now() >= old.until) return p;
  return { ...p, state: old.state, errorCode: old.errorCode, errorDescription: old.errorDescription };
}
