// fast-check settings: environment switches, replay, bounded shrinking.
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { propertyParameters, readFcReplayPath } from '../../generators/settings.js';

test.describe('property settings @generators', () => {
  test('seed, path and runs come from FC_SEED, FC_PATH, FC_NUM_RUNS', () => {
    const p = propertyParameters({ numRuns: 25 }, { FC_SEED: '-123', FC_PATH: '4:0:2', FC_NUM_RUNS: '7' });
    expect(p.seed).toBe(-123);
    expect(p.path).toBe('4:0:2');
    expect(p.numRuns).toBe(7);
    expect(p.verbose).toBe(fc.VerbosityLevel.Verbose);
  });

  test('without the environment: a random integer seed, no path, the default runs', () => {
    const a = propertyParameters({ numRuns: 25 }, {});
    const b = propertyParameters({ numRuns: 25 }, {});
    expect(Number.isInteger(a.seed)).toBe(true);
    expect(a.seed).not.toBe(b.seed);
    expect(a.path).toBeUndefined();
    expect(a.numRuns).toBe(25);
  });

  test('malformed switches are refused with a message naming the variable', () => {
    expect(() => propertyParameters({ numRuns: 25 }, { FC_SEED: 'abc' })).toThrow(/FC_SEED/);
    expect(() => propertyParameters({ numRuns: 25 }, { FC_NUM_RUNS: '0' })).toThrow(/FC_NUM_RUNS/);
    expect(() => propertyParameters({ numRuns: 25 }, { FC_PATH: 'x' })).toThrow(/FC_PATH/);
  });

  test('FC_SEED is a 32-bit integer: out of range or a fraction is refused', () => {
    expect(() => propertyParameters({ numRuns: 25 }, { FC_SEED: String(2 ** 31) })).toThrow(
      /FC_SEED=2147483648 is not a whole number from -2147483648 to 2147483647/,
    );
    expect(() => propertyParameters({ numRuns: 25 }, { FC_SEED: '1.5' })).toThrow(/FC_SEED/);
    expect(propertyParameters({ numRuns: 25 }, { FC_SEED: String(-(2 ** 31)) }).seed).toBe(-(2 ** 31));
  });

  test('a failure replays from the printed seed and path', () => {
    const prop = fc.property(fc.array(fc.integer()), (xs) => xs.reduce((a, b) => a + b, 0) < 100);
    const first = fc.check(prop, propertyParameters({ numRuns: 200 }, { FC_SEED: '77' }));
    expect(first.failed).toBe(true);
    const env = { FC_SEED: String(first.seed), FC_PATH: first.counterexamplePath! };
    const again = fc.check(prop, { ...propertyParameters({ numRuns: 200 }, env), endOnFailure: true });
    expect(again.failed).toBe(true);
    expect(again.counterexample).toEqual(first.counterexample);
  });

  test('shrinking stops soon after the time limit, still reporting a failing counterexample', () => {
    const slowly = (): void => {
      const until = Date.now() + 3;
      while (Date.now() < until) {
        /* spin: each run costs 3 ms */
      }
    };
    // Shrinking 20 large integers to a sum of exactly 5e9 takes hundreds of runs (about 1.5 s unbounded).
    const arb = fc.noBias(fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 20, maxLength: 20 }));
    const prop = fc.property(arb, (xs) => {
      slowly();
      return xs.reduce((a, b) => a + b, 0) < 5e9;
    });
    const started = Date.now();
    const details = fc.check(prop, propertyParameters({ numRuns: 10, shrinkTimeLimitMs: 300 }, { FC_SEED: '1' }));
    const elapsed = Date.now() - started;
    expect(details.failed).toBe(true);
    expect(details.interrupted, 'shrinking was interrupted by the time limit').toBe(true);
    expect(details.counterexample![0].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5e9);
    expect(elapsed).toBeLessThan(1000);
    expect(details.seed).toBe(1);
    expect(details.counterexamplePath).toMatch(/^\d+(:\d+)*$/);
  });

  test('without a failure the shrink limit never interrupts, however long the runs take', () => {
    const details = fc.check(
      fc.property(fc.nat(), () => {
        const until = Date.now() + 2;
        while (Date.now() < until) {
          /* spin */
        }
        return true;
      }),
      propertyParameters({ numRuns: 100, shrinkTimeLimitMs: 10 }, { FC_SEED: '3' }),
    );
    expect(details.failed).toBe(false);
    expect(details.interrupted).toBe(false);
    expect(details.numRuns).toBe(100);
  });

  test('the shrink limit also bounds asynchronous properties', async () => {
    const arb = fc.noBias(fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 20, maxLength: 20 }));
    const prop = fc.asyncProperty(arb, async (xs) => {
      await new Promise((r) => setTimeout(r, 3));
      return xs.reduce((a, b) => a + b, 0) < 5e9;
    });
    const started = Date.now();
    const details = await fc.check(prop, propertyParameters({ numRuns: 10, shrinkTimeLimitMs: 300 }, { FC_SEED: '1' }));
    expect(details.failed).toBe(true);
    expect(details.interrupted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

test('FC_REPLAY_PATH: the replayPath fast-check prints, blank as unset, anything else refused by name', () => {
  expect(readFcReplayPath({ FC_REPLAY_PATH: ' A/E:G ' })).toBe('A/E:G');
  expect(readFcReplayPath({ FC_REPLAY_PATH: '  ' })).toBeUndefined();
  expect(readFcReplayPath({})).toBeUndefined();
  expect(() => readFcReplayPath({ FC_REPLAY_PATH: 'Aj:C; rm -rf' })).toThrow(/FC_REPLAY_PATH=/);
});
