// The client's circuit breaker, on a clock of the test's own: open after three requests lost in a row, refusing at
// once with the original cause and its kind, one trial request every five seconds, closed by any answer; its state
// shared through a file by the clients of a run.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { BREAKER_RETRY_MS, BREAKER_THRESHOLD, CircuitBreaker } from '../../suite/harness/circuit-breaker.js';

let now = 0;
const clock = () => now;
let dir: string;

test.beforeEach(() => {
  now = 1_000_000;
  dir = mkdtempSync(join(tmpdir(), 'pts-breaker-test-'));
});

test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

function lose(breaker: CircuitBreaker, times: number, cause = 'connection refused'): void {
  for (let i = 0; i < times; i++) breaker.failed(cause, 'unavailable');
}

test.describe('the circuit breaker @harness', () => {
  test('stays closed below the threshold, and an answer starts the count again', () => {
    const breaker = new CircuitBreaker(undefined, clock);
    lose(breaker, BREAKER_THRESHOLD - 1);
    expect(breaker.refusal()).toBeUndefined();
    breaker.succeeded();
    lose(breaker, BREAKER_THRESHOLD - 1);
    expect(breaker.refusal()).toBeUndefined();
  });

  test('open: refuses at once, naming the last cause and its kind', () => {
    const breaker = new CircuitBreaker(undefined, clock);
    lose(breaker, BREAKER_THRESHOLD - 1);
    breaker.failed('no response in 10 s', 'timeout');
    expect(breaker.refusal()).toEqual({
      transportError: `not sent: the provider gave no usable response to the last ${BREAKER_THRESHOLD} requests; last cause: no response in 10 s`,
      kind: 'timeout',
    });
  });

  test('lets one trial request through every retry interval; its answer closes it, its loss keeps it open', () => {
    const breaker = new CircuitBreaker(undefined, clock);
    lose(breaker, BREAKER_THRESHOLD);
    now += BREAKER_RETRY_MS - 1;
    expect(breaker.refusal()).toBeDefined();
    now += 1;
    expect(breaker.refusal()).toBeUndefined(); // the trial
    expect(breaker.refusal()).toBeDefined(); // one trial at a time
    lose(breaker, 1);
    expect(breaker.refusal()).toBeDefined();
    now += BREAKER_RETRY_MS;
    expect(breaker.refusal()).toBeUndefined();
    breaker.succeeded();
    expect(breaker.refusal()).toBeUndefined();
    expect(breaker.refusal()).toBeUndefined();
  });

  test("shared through its file: a new client's breaker starts open, and an answer removes the file", () => {
    const file = join(dir, 'breaker.json');
    const first = new CircuitBreaker(file, clock);
    lose(first, BREAKER_THRESHOLD - 1);
    expect(existsSync(file)).toBe(false); // written only once open
    lose(first, 1);
    const second = new CircuitBreaker(file, clock);
    expect(second.refusal()?.transportError).toMatch(/last cause: connection refused$/);
    now += BREAKER_RETRY_MS;
    expect(second.refusal()).toBeUndefined();
    second.succeeded();
    expect(existsSync(file)).toBe(false);
    expect(new CircuitBreaker(file, clock).refusal()).toBeUndefined();
  });
});
