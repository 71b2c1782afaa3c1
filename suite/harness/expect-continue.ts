// A request sent as curl, .NET and Java's HttpClient send a large body: the head with `Expect: 100-continue`, the body
// held back until the provider answers `100 Continue` (or a final status), or until the client stops waiting and sends
// it anyway. The pooled client cannot send it (undici refuses the header), so it goes on a bare connection.
import { openBareConnection } from './connect-request.js';
import { readAnswers, type RawAnswer } from './raw-answers.js';

interface ContinueOutcome {
  /** The connection was made: what follows is the provider's doing. */
  connected: boolean;
  /** What came before the body was sent: `100`, a final answer, or nothing within the wait. */
  first: 'continue' | 'final' | 'nothing';
  /** Milliseconds from the head's sending to that first answer, or to the end of the wait. */
  firstMs: number;
  /** The final answer, if one came (to the head alone, or after the body). */
  final?: RawAnswer;
  /** How the exchange ended: `answered`, `closed`, `reset`, `no answer in N s`, or `no connection: CODE`. */
  ended: string;
}

interface ContinueRequest {
  /** The path on the provider's origin, the base URL's path included. */
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** The request's head, with Host, Content-Length and the expectation. */
function headOf(baseUrl: string, r: ContinueRequest): Buffer {
  const lines = [
    `POST ${r.path} HTTP/1.1`,
    `Host: ${new URL(baseUrl).host}`,
    ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`),
    `Content-Length: ${r.body.length}`,
    'Expect: 100-continue',
    '',
    '',
  ];
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

/**
 * Sends the head, waits up to `waitMs` for a `100 Continue` or a final answer, then sends the body unless a final
 * answer came, and reads until the final answer (or `timeoutMs` after the body).
 */
export function sendExpectingContinue(baseUrl: string, r: ContinueRequest, waitMs: number, timeoutMs: number): Promise<ContinueOutcome> {
  return new Promise((resolve) => {
    let connected = false;
    let received: Buffer = Buffer.alloc(0);
    let first: ContinueOutcome['first'] | undefined;
    let firstMs = 0;
    let sentAt = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (ended: string, final?: RawAnswer) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve({ connected, first: first ?? 'nothing', firstMs, ...(final ? { final } : {}), ended });
    };
    const sendBody = (why: ContinueOutcome['first']) => {
      first = why;
      firstMs = Math.round(performance.now() - sentAt);
      clearTimeout(timer);
      socket.write(r.body);
      timer = setTimeout(() => finish(`no answer in ${timeoutMs / 1000} s`), timeoutMs);
    };
    const socket = openBareConnection(baseUrl, () => {
      connected = true;
      sentAt = performance.now();
      socket.write(headOf(baseUrl, r));
      timer = setTimeout(() => sendBody('nothing'), waitMs);
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const { answers } = readAnswers(received, false);
      const final = answers.find((a) => a.status >= 200);
      if (first === undefined && answers.some((a) => a.status === 100)) sendBody('continue');
      if (final === undefined) return;
      if (first === undefined) {
        first = 'final';
        firstMs = Math.round(performance.now() - sentAt);
      }
      finish('answered', final);
    });
    socket.on('end', () => {
      const final = readAnswers(received, true).answers.find((a) => a.status >= 200);
      finish(final ? 'answered' : 'closed', final);
    });
    socket.on('error', (e: NodeJS.ErrnoException) =>
      finish(connected ? (e.code === 'ECONNRESET' ? 'reset' : (e.code ?? e.message)) : `no connection: ${e.code ?? e.message}`),
    );
  });
}
