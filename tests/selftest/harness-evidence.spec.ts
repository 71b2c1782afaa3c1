// What a check's evidence puts in the report: a passing check its first exchange with a replay command and the
// response shapes, a failing one its last exchanges; a matrix run (evidence of passing checks off) only the
// annotations of a passing check, and still the whole evidence of a failing one.
import { test, expect, type TestInfo } from '@playwright/test';
import { EvidenceRecorder } from '../../suite/harness/evidence.js';
import type { Exchange } from '../../suite/harness/exchange.js';
import { ANNOTATION, ATTACHMENT } from '../../contracts/run-protocol.js';

function exchange(n: number, retried = false): Exchange {
  return {
    request: { method: 'POST', url: `http://127.0.0.1:1/invoice/${n}`, headers: { 'content-type': 'application/json' }, body: '{}' },
    response: { status: 200, headers: { 'content-type': 'application/json' }, bodyText: '{"n":1}', json: { n: 1 }, truncated: false },
    ms: 1,
    rateLimitedRetries: 0,
    ...(retried ? { retries: [{ kind: 'connection', cause: 'connection closed before a complete response', waitedMs: 0 }] } : {}),
  };
}

/** The parts of TestInfo attachTo uses, recording what it attached. */
function info(status: 'passed' | 'failed') {
  const attached: string[] = [];
  const testInfo = {
    status,
    expectedStatus: 'passed',
    annotations: [] as { type: string; description?: string }[],
    attach: async (name: string) => void attached.push(name),
  };
  return { testInfo: testInfo as unknown as TestInfo, attached, annotations: testInfo.annotations };
}

async function attached(status: 'passed' | 'failed', ofPassing: boolean) {
  const recorder = new EvidenceRecorder();
  for (let n = 1; n <= 3; n++) recorder.record(exchange(n, n === 2));
  const seen = info(status);
  await recorder.attachTo(seen.testInfo, ofPassing);
  return seen;
}

test.describe('evidence of a check @harness', () => {
  test('a passing check: its first exchange, its replay and the response shapes; the retries annotated', async () => {
    const { attached: names, annotations } = await attached('passed', true);
    expect(names).toEqual([ATTACHMENT.shapes, 'exchange 1', 'replay 1.sh']);
    expect(annotations.map((a) => a.type)).toContain(ANNOTATION.retried);
  });

  test('a passing check of a matrix run: the annotations only', async () => {
    const { attached: names, annotations } = await attached('passed', false);
    expect(names).toEqual([]);
    expect(annotations.map((a) => a.type)).toContain(ANNOTATION.retried);
  });

  test('the requests a check sent on the wire: every exchange with its tries again (certification reports them per area)', async () => {
    const { annotations } = await attached('passed', false);
    // Three exchanges, the second sent twice (a connection closed before its answer).
    expect(annotations.find((a) => a.type === ANNOTATION.requests)?.description).toBe('4');
  });

  test('a failing check, also in a matrix run: its last exchanges, each with its replay', async () => {
    for (const ofPassing of [true, false]) {
      const { attached: names } = await attached('failed', ofPassing);
      expect(names.filter((n) => n.startsWith('exchange'))).toHaveLength(3);
      expect(names.filter((n) => n.startsWith('replay'))).toHaveLength(3);
    }
  });
});
