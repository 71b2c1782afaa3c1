import fc from 'fast-check';

/**
 * A version 4 UUID in canonical lower-case form (8-4-4-4-12), as the merchant's
 * `transaction` identifier. Delegates to `fc.uuid({version: 4})`, which shrinks toward
 * `00000000-0000-4000-8000-000000000000`.
 */
export function uuid(): fc.Arbitrary<string> {
  return fc.uuid({ version: 4 }).map((u) => u.toLowerCase());
}
