// The cost of an input (PRO-ROBUST-INPUT-COST): every text field of a signed request, by its role
// (contracts/field-roles.ts), and the merchant payload's member count, climbed through values of growing length
// (generators/cost-ladders.ts). A value whose answer takes far longer than its length grew (a regular expression
// that backtracks, a copy of a copy) is found on a short climb, before it can stall the provider. A climb stops once
// an answer takes a second more than the climb's first value. What the climbs suggest is measured
// again alone, each size a few times and the quickest answer taken, so that neither another check's load nor the
// network's jitter makes a verdict: the times compared are the answered try's own (Exchange.roundTripMs).
import { test } from '@playwright/test';
import type { RuleId } from '../../contracts/index.js';
import { fieldsOfRole, FIELD_ROLES } from '../../contracts/field-roles.js';
import type { SignedOperation } from '../../contracts/operations.js';
import { ANNOTATION } from '../../contracts/run-protocol.js';
import { buildStatusRequest } from '../../generators/builders.js';
import { LADDER_SIZES, ladderText, PAYLOAD_MEMBER_SIZES, payloadMembers, TEXT_LADDERS } from '../../generators/cost-ladders.js';
import { eachAtOnce } from '../harness/at-once.js';
import type { ApiCheck } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import { CheckFailure } from '../harness/failure.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { knownTransaction } from './known-transaction.js';
import { PAYMENT_OPERATIONS, article } from './operations.js';
import { requireSigned, sendSigned, signedLabel, type Body } from './signed-operations.js';

const RULE: RuleId = 'PRO-ROBUST-INPUT-COST';
/** An answer this much slower than the climb's first value is long enough to judge: far above a network's jitter. */
const MIN_EXCESS_MS = 250;
/** Less extra time than this is noise: growth is taken over at least this much. */
const NOISE_MS = 25;
/** Growth beyond this many times the growth of the length is superlinear (a quadratic cost gives 2 on a doubling). */
const SUPERLINEAR = 1.5;
/** A climb stops once an answer took this much longer than the first value's: the next could stall the provider. */
const STOP_MS = 1000;
/** Each size of a suspicious step is measured again this many times, alone, and its quickest answer taken. */
const REPEATS = 3;

/** One field's climb: the value at each count of units, as a signed request body. */
interface Climb {
  what: string;
  sizes: readonly number[];
  /** The length of the value at `n` units (characters, or members). */
  length(n: number): number;
  body(n: number): Body;
}

/** The answered try's time of a request, or undefined when it got no answer of its own (nothing to time). */
async function timed(api: ProviderApi, op: SignedOperation, body: Body): Promise<{ ms: number; exchange: Exchange } | undefined> {
  const exchange = await sendSigned(api, op, body, { retry: 'none' });
  return exchange.response === undefined || exchange.roundTripMs === undefined ? undefined : { ms: exchange.roundTripMs, exchange };
}

/** `{a: {b: value}}` for the dotted field `a.b`. */
function nested(field: string, value: unknown): Body {
  return field
    .split('.')
    .reverse()
    .reduce<unknown>((inner, name) => ({ [name]: inner }), value) as Body;
}

/** Every field's climbs on `op`: each text field with its role's ladders, and the merchant payload's member count. */
function climbsOf(api: ProviderApi, op: SignedOperation, known: string | undefined): Climb[] {
  const signed = (field: string, value: unknown): Body => {
    if (op !== 'status') return PAYMENT_OPERATIONS[op].build(api, nested(field, value));
    return field === 'transaction'
      ? { ...buildStatusRequest(api.merchant, String(value)) }
      : { ...buildStatusRequest(api.merchant, known!, { [field]: value }) };
  };
  const text = Object.entries(FIELD_ROLES[op]).flatMap(([field, role]) =>
    role === 'money' || role === 'merchant payload'
      ? []
      : TEXT_LADDERS[role].map((ladder) => ({
          what: `${field} (${role}), ${ladder.what} (${JSON.stringify(ladderText(ladder, 2))}…)`,
          sizes: LADDER_SIZES,
          length: (n: number) => ladderText(ladder, n).length,
          body: (n: number) => signed(field, ladderText(ladder, n)),
        })),
  );
  const members = fieldsOfRole(op, 'merchant payload').map((field) => ({
    what: `${field} (merchant payload), members besides the documented ones`,
    sizes: PAYLOAD_MEMBER_SIZES,
    length: (n: number) => n,
    body: (n: number) => signed(field, payloadMembers(n)),
  }));
  return [...text, ...members];
}

/** A step of a climb whose time grew superlinearly: the sizes, and the quickest answers each got. */
interface Growth {
  from: number;
  to: number;
  baseMs: number;
  fromMs: number;
  toMs: number;
  slowest: Exchange;
}

/** Whether going from `from` to `to` units cost more than its length allows, over the first value's time. */
function superlinear(climb: Climb, g: Omit<Growth, 'slowest'>): boolean {
  const extra = g.toMs - g.baseMs;
  const before = Math.max(g.fromMs - g.baseMs, NOISE_MS);
  return extra >= MIN_EXCESS_MS && extra / before > SUPERLINEAR * (climb.length(g.to) / climb.length(g.from));
}

/** Climbs until an answer is slow or lost; the first step that grew superlinearly, if any. Undefined: nothing to time. */
async function scan(api: ProviderApi, op: SignedOperation, climb: Climb): Promise<Omit<Growth, 'slowest'> | 'untimed' | undefined> {
  const first = await timed(api, op, climb.body(climb.sizes[0]!));
  const again = await timed(api, op, climb.body(climb.sizes[0]!));
  if (first === undefined || again === undefined) return 'untimed';
  const baseMs = Math.min(first.ms, again.ms);
  // A provider that takes a second for the shortest value is slow whatever the length: the time oracle's to judge.
  if (baseMs >= STOP_MS) return undefined;
  let fromMs = baseMs;
  for (let i = 1; i < climb.sizes.length; i++) {
    const at = await timed(api, op, climb.body(climb.sizes[i]!));
    if (at === undefined) return undefined; // refused at the transport, or too slow to answer: no verdict from it
    const step = { from: climb.sizes[i - 1]!, to: climb.sizes[i]!, baseMs, fromMs, toMs: at.ms };
    if (superlinear(climb, step)) return step;
    if (at.ms - baseMs >= STOP_MS) return undefined;
    fromMs = at.ms;
  }
  return undefined;
}

/** The step measured again alone, each size REPEATS times in turn; the growth if it holds on the quickest answers. */
async function confirm(api: ProviderApi, op: SignedOperation, climb: Climb, step: Omit<Growth, 'slowest'>): Promise<Growth | undefined> {
  const quickest = { base: Infinity, from: Infinity, to: Infinity };
  let slowest: Exchange | undefined;
  for (let r = 0; r < REPEATS; r++)
    for (const [key, n] of [
      ['base', climb.sizes[0]!],
      ['from', step.from],
      ['to', step.to],
    ] as const) {
      const at = await timed(api, op, climb.body(n));
      if (at === undefined) return undefined;
      quickest[key] = Math.min(quickest[key], at.ms);
      if (key === 'to') slowest = at.exchange;
    }
  const g = { from: step.from, to: step.to, baseMs: quickest.base, fromMs: quickest.from, toMs: quickest.to };
  return superlinear(climb, g) ? { ...g, slowest: slowest! } : undefined;
}

/**
 * No value of any text field of the operation, and no number of merchant payload members, costs the provider time
 * that grows faster than its length: climbed through growing values, the answers take at most proportionally longer.
 */
export function inputCostGrowsLinearly(op: SignedOperation): ApiCheck {
  return {
    name: `inputCostGrowsLinearly(${op})`,
    title: `no longer value of a text field of ${article(signedLabel(op))} request (every credential, identifier, address and free text)${op === 'invoice' ? ', and no larger merchant payload,' : ''} makes the answer take more than proportionally longer`,
    rules: [RULE],
    async run({ api }) {
      requireSigned(api, op);
      const known = op === 'status' ? (await knownTransaction(api)).transaction : undefined;
      const climbs = climbsOf(api, op, known);
      // The climbs at once: a provider one of them stalls slows the others too, which the measure alone then clears.
      const scanned = await eachAtOnce(api.atOnce, climbs, (climb) => scan(api, op, climb));
      const untimed = scanned.filter((s) => s === 'untimed').length;
      if (untimed === climbs.length) throw new Error(`no answer of the ${signedLabel(op)} could be timed: nothing was judged`);
      if (untimed > 0) test.info().annotations.push({ type: ANNOTATION.notJudged, description: `${untimed} of ${climbs.length} climbs got no answer to time` });
      for (const [i, step] of scanned.entries()) {
        if (step === undefined || step === 'untimed') continue;
        const climb = climbs[i]!;
        const growth = await confirm(api, op, climb, step);
        if (growth === undefined) continue;
        const times = (g: number) => (g - growth.baseMs).toFixed(0);
        throw new CheckFailure({
          rule: RULE,
          expected: `a longer value of ${climb.what} answered at most proportionally later`,
          received:
            `${growth.from} units answered ${times(growth.fromMs)} ms later than ${climb.sizes[0]} units, ${growth.to} units ${times(growth.toMs)} ms later ` +
            `(the quickest of ${REPEATS} each, measured alone; ${climb.sizes[0]} units itself ${growth.baseMs.toFixed(0)} ms): ` +
            `${((growth.toMs - growth.baseMs) / Math.max(growth.fromMs - growth.baseMs, NOISE_MS)).toFixed(0)} times the time for ${(climb.length(growth.to) / climb.length(growth.from)).toFixed(1)} times the length`,
          exchange: growth.slowest,
        });
      }
    },
  };
}
