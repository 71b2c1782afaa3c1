// The property runner (suite/harness/property.ts) across a slow network: examples run as several fast-check
// streams in flight at once, which together still draw every value class in their first runs; a failing stream
// is shrunk and replayed alone from the seed and path it prints; examples the provider was unavailable for are
// not judged; a property cut short by its time bound passes with the number of examples it ran.
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { ANNOTATION } from '../../contracts/run-protocol.js';
import { currentRunIndex } from '../../generators/arbitraries/index.js';
import { CheckFailure, ProviderUnavailable } from '../../suite/harness/failure.js';
import { forAll } from '../../suite/harness/property.js';
import { noteRoundTrip } from '../../suite/harness/round-trip.js';

/** Runs `body` with these variables set, as a user's FC_* would be, and restores them. */
async function withEnv<T>(vars: Record<string, string>, body: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await body();
  } finally {
    for (const [k, v] of Object.entries(before))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

const annotation = (type: string) => test.info().annotations.find((a) => a.type === type)?.description;

test('streams in flight together draw runs 0..n-1 once each, as one stream of n runs would', async () => {
  const seen: number[] = [];
  let inFlight = 0;
  let most = 0;
  await withEnv({ FC_NUM_RUNS: '24', FC_SEED: '7' }, () =>
    forAll(
      fc.constant(0).map(() => currentRunIndex()),
      async (index) => {
        seen.push(index!);
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 5)); // an answer's round trip, during which the other streams send
        inFlight--;
      },
      { rule: 'PRO-INV-SUCCESS', streams: 4 },
    ),
  );
  expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  expect(most, 'the streams were in flight at once').toBe(4);
  expect(annotation(ANNOTATION.examples)).toBe('24');
});

test('a long round trip keeps more streams in flight: one per 2 ms of the shortest recent one, 16 to 64', async () => {
  const mostInFlight = async (roundTripMs: number) => {
    for (let i = 0; i < 64; i++) noteRoundTrip(roundTripMs + (i % 7)); // the window's every answer, the shortest `roundTripMs`
    let inFlight = 0;
    let most = 0;
    await withEnv({ FC_NUM_RUNS: '200', FC_SEED: '5' }, () =>
      forAll(
        fc.integer(),
        async () => {
          most = Math.max(most, ++inFlight);
          await new Promise((r) => setTimeout(r, 5));
          inFlight--;
        },
        { rule: 'PRO-INV-SUCCESS' },
      ),
    );
    return most;
  };
  expect(await mostInFlight(1), 'a provider on loopback').toBe(16);
  expect(await mostInFlight(100), 'a provider 100 ms away').toBe(50);
  expect(await mostInFlight(400), 'no more than the connections of a worker').toBe(64);
  expect(await mostInFlight(1), 'back on loopback').toBe(16);
});

test('a failing stream shrinks alone, and its replay line replays it alone', async () => {
  const property = () =>
    forAll(
      fc.integer({ min: 0, max: 1000 }),
      async (n) => {
        if (n > 700) throw new CheckFailure({ rule: 'DOC-LIMIT-INV-AMOUNT', expected: 'at most 700', received: String(n) });
      },
      { rule: 'DOC-LIMIT-INV-AMOUNT', streams: 4 },
    );
  const failure = await withEnv({ FC_NUM_RUNS: '200', FC_SEED: '42' }, () =>
    property().then(
      () => undefined,
      (e: unknown) => e,
    ),
  );
  expect(failure).toBeInstanceOf(CheckFailure);
  const replay = (failure as CheckFailure).details.replay!;
  expect((failure as CheckFailure).details.received).toBe('701');
  const [, seed, path] = /FC_SEED=(-?\d+) FC_PATH=([\d:]+)/.exec(replay)!;
  const replayed = await withEnv({ FC_SEED: seed, FC_PATH: path }, () =>
    property().then(
      () => undefined,
      (e: unknown) => e,
    ),
  );
  expect(replayed, `replaying ${replay}`).toBeInstanceOf(CheckFailure);
  expect((replayed as CheckFailure).details.received).toBe('701');
});

test('examples the provider was unavailable for are not judged; a property with most of them not judged is not judged', async () => {
  await withEnv({ FC_NUM_RUNS: '40', FC_SEED: '3' }, () =>
    forAll(
      fc.integer({ min: 0, max: 9 }),
      async (n) => {
        if (n === 0) throw new ProviderUnavailable('GET /x: connection closed before a complete response, after 3 tries');
      },
      { rule: 'PRO-INV-SUCCESS', streams: 2 },
    ),
  );
  expect(annotation(ANNOTATION.notJudged)).toMatch(/^\d+ example\(s\) not judged: GET \/x: connection closed/);
  await expect(
    withEnv({ FC_NUM_RUNS: '10', FC_SEED: '3' }, () =>
      forAll(
        fc.integer(),
        async () => {
          throw new ProviderUnavailable('GET /x: HTTP 503, after 3 tries');
        },
        { rule: 'PRO-INV-SUCCESS' },
      ),
    ),
  ).rejects.toBeInstanceOf(ProviderUnavailable);
});

test('a property cut short by its time bound passes with the examples it ran, reported', async () => {
  test.setTimeout(4_000); // the bound is half of it: 2 s
  await withEnv({ FC_NUM_RUNS: '100000', FC_SEED: '5' }, () =>
    forAll(
      fc.integer(),
      async () => {
        await new Promise((r) => setTimeout(r, 20));
      },
      { rule: 'PRO-INV-SUCCESS', streams: 2 },
    ),
  );
  const ran = Number(annotation(ANNOTATION.examples));
  expect(ran).toBeGreaterThan(10);
  expect(ran).toBeLessThan(100_000);
  expect(annotation(ANNOTATION.cutShort)).toMatch(new RegExp(`^${ran} of 100000 examples in \\d+\\.\\d s \\(time bound\\)$`));
});
