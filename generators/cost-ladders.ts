// Inputs that grow: for each role of a field (contracts/field-roles.ts), values of increasing length built from a
// short unit, ended by a character the unit's class does not hold. A validator, parser or regular expression whose
// work grows faster than its input (nested quantifiers, copies of copies) shows it on these; a provider that works
// in linear time answers the longest as quickly, give or take its length.
import type { FieldRole } from '../contracts/field-roles.js';

/** One growing value of a text field: `prefix`, then `unit` n times, then `suffix`. */
interface TextLadder {
  readonly what: string;
  readonly prefix: string;
  readonly unit: string;
  readonly suffix: string;
}

/**
 * The counts of units, climbed in order until an answer takes long: short steps where an exponential cost doubles
 * with each unit (it stalls a provider within tens of characters), then long ones where a polynomial cost shows.
 */
export const LADDER_SIZES: readonly number[] = [12, 16, 20, 24, 28, 1024, 4096, 16384, 65536];

/** The counts of merchant payload members, climbed likewise (16 384 members is about 300 kB of JSON). */
export const PAYLOAD_MEMBER_SIZES: readonly number[] = [256, 1024, 4096, 16384];

const ENDS = '!';

/** The growing values tried on a text field of each role (money and the payload object grow otherwise). */
export const TEXT_LADDERS: Readonly<Record<Exclude<FieldRole, 'money' | 'merchant payload'>, readonly TextLadder[]>> = {
  credential: [{ what: 'a run of letters', prefix: '', unit: 'a', suffix: ENDS }],
  identifier: [
    { what: 'a run of digits', prefix: '', unit: '1', suffix: ENDS },
    { what: 'a run of hex groups', prefix: '', unit: 'a1-', suffix: ENDS },
  ],
  'free text': [
    { what: 'a run of letters', prefix: '', unit: 'a', suffix: ENDS },
    { what: 'a run of words', prefix: '', unit: 'a ', suffix: ENDS },
  ],
  address: [
    { what: 'a host of one long label', prefix: 'https://', unit: 'a', suffix: ENDS },
    { what: 'a host of many labels', prefix: 'https://', unit: 'a.', suffix: ENDS },
    { what: 'a path of many segments', prefix: 'https://example.com/', unit: 'a/', suffix: ENDS },
    { what: 'a run of dotted numbers', prefix: '', unit: '1.', suffix: ENDS },
  ],
};

/** The value of `ladder` at `n` units. */
export function ladderText(ladder: TextLadder, n: number): string {
  return `${ladder.prefix}${ladder.unit.repeat(n)}${ladder.suffix}`;
}

/** A merchant payload of `n` members besides the documented ones: `m0` … as short strings. */
export function payloadMembers(n: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`m${i}`, 'v']));
}
