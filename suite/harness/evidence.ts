// Keeps the exchanges of one test and attaches them to the report, redacted: a sample when the test
// passes, the last few with replay commands when it fails; and the distinct response shapes of all of
// them, so a run-to-run comparison does not depend on which sample happened to be kept.
import type { TestInfo } from '@playwright/test';
import type { Exchange } from './exchange.js';
import { toCurl } from './curl.js';
import { redactJson, redactText } from '../../contracts/redaction.js';
import { ANNOTATION, ATTACHMENT } from '../../contracts/run-protocol.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { responseShape } from './shape.js';

const KEPT = 5;
/** Distinct response shapes kept per test: beyond this the provider answers a check in too many ways to list. */
const MAX_SHAPES = 16;

export class EvidenceRecorder {
  private readonly recent: Exchange[] = [];
  private first?: Exchange;
  private readonly shapes = new Set<string>();
  count = 0;
  /** Requests on the wire: each exchange, its tries again and its 429 waits. */
  requests = 0;
  rateLimited = 0;
  /** Payments the check's answers created, by operation (the run ledger's count): what the depth plan counts toward a top-up. */
  readonly paymentsCreated: Partial<Record<PaymentOperation, number>> = {};
  /** Requests sent again after transport trouble, and the causes seen (each counted). */
  retried = 0;
  private readonly causes = new Map<string, number>();

  readonly record = (exchange: Exchange): void => {
    this.count++;
    this.requests += 1 + (exchange.retries?.length ?? 0) + exchange.rateLimitedRetries;
    this.rateLimited += exchange.rateLimitedRetries;
    if (exchange.retries?.length) {
      this.retried++;
      for (const r of exchange.retries) this.causes.set(r.cause, (this.causes.get(r.cause) ?? 0) + 1);
    }
    this.first ??= exchange;
    const shape = responseShape(exchange);
    if (shape !== undefined && this.shapes.size < MAX_SHAPES) this.shapes.add(shape);
    this.recent.push(exchange);
    if (this.recent.length > KEPT) this.recent.shift();
  };

  /** Annotates the retries and attaches the evidence; `ofPassing` false: a passing test gets the annotations only. */
  async attachTo(testInfo: TestInfo, ofPassing = true): Promise<void> {
    const failed = testInfo.status !== testInfo.expectedStatus;
    const shown = failed ? this.recent : this.first ? [this.first] : [];
    if (this.requests > 0) testInfo.annotations.push({ type: ANNOTATION.requests, description: String(this.requests) });
    if (this.rateLimited > 0) testInfo.annotations.push({ type: ANNOTATION.rateLimited, description: `${this.rateLimited} answer(s) 429 waited out` });
    if (this.retried > 0) {
      const causes = [...this.causes].map(([cause, n]) => `${n}× ${cause}`).join('; ');
      testInfo.annotations.push({
        type: ANNOTATION.retried,
        description: redactText(`${this.retried} request(s) sent again after transport trouble: ${causes}`),
      });
    }
    if (!failed && !ofPassing) return;
    if (this.shapes.size > 0)
      await testInfo.attach(ATTACHMENT.shapes, { contentType: 'text/plain', body: redactText([...this.shapes].sort().join('\n')) + '\n' });
    for (const [i, ex] of shown.entries()) {
      await testInfo.attach(`exchange ${i + 1}${failed ? ' (last before failure)' : ''}`, {
        contentType: 'application/json',
        body: JSON.stringify(redactJson(ex), null, 2),
      });
      await testInfo.attach(`replay ${i + 1}.sh`, { contentType: 'text/plain', body: redactText(toCurl(ex.request)) + '\n' });
    }
  }
}
