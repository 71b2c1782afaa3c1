// Keeps the exchanges of one test and attaches them to the report, redacted: a sample when the test
// passes, the last few with replay commands when it fails.
import type { TestInfo } from '@playwright/test';
import type { Exchange } from './exchange.js';
import { toCurl } from './curl.js';
import { redactJson, redactText } from './redact.js';

const KEPT = 5;

export class EvidenceRecorder {
  private readonly recent: Exchange[] = [];
  private first?: Exchange;
  count = 0;
  rateLimited = 0;

  readonly record = (exchange: Exchange): void => {
    this.count++;
    this.rateLimited += exchange.rateLimitedRetries;
    this.first ??= exchange;
    this.recent.push(exchange);
    if (this.recent.length > KEPT) this.recent.shift();
  };

  async attachTo(testInfo: TestInfo): Promise<void> {
    const failed = testInfo.status !== testInfo.expectedStatus;
    const shown = failed ? this.recent : this.first ? [this.first] : [];
    if (this.rateLimited > 0)
      testInfo.annotations.push({ type: 'rate limited', description: `${this.rateLimited} answer(s) 429 waited out` });
    for (const [i, ex] of shown.entries()) {
      await testInfo.attach(`exchange ${i + 1}${failed ? ' (last before failure)' : ''}`, {
        contentType: 'application/json',
        body: JSON.stringify(redactJson(ex), null, 2),
      });
      await testInfo.attach(`replay ${i + 1}.sh`, { contentType: 'text/plain', body: redactText(toCurl(ex.request)) + '\n' });
    }
  }
}
