import fc from 'fast-check';

/** Options of {@link clientId}. */
export interface ClientIdConstraints {
  /** Most characters. Default 36. */
  maxLength?: number;
}

/**
 * A user identifier in the merchant's system: a numeric id, a prefixed id such as
 * `user-42`, or a UUID. Never empty.
 */
export function clientId(constraints: ClientIdConstraints = {}): fc.Arbitrary<string> {
  const maxLength = constraints.maxLength ?? 36;
  if (!Number.isInteger(maxLength) || maxLength < 1) throw new Error(`clientId: maxLength must be an integer >= 1, got ${maxLength}`);
  return fc
    .oneof(
      fc.integer({ min: 1, max: 2_147_483_647 }).map(String),
      fc.tuple(fc.constantFrom('u', 'cust', 'user', 'client'), fc.integer({ min: 1, max: 9_999_999 })).map(([p, n]) => `${p}-${n}`),
      fc.uuid({ version: 4 }),
    )
    .map((id) => id.slice(0, maxLength));
}
