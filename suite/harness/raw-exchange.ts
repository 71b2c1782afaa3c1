// Bytes written as they are on a bare connection to the provider, and every answer read back until the connection
// ends: the pooled client frames each request itself and reads one answer per request, so it can neither send an
// ambiguous message nor see a second answer to it. A closing request sent after the first answer ends the read
// without a wait of its own (the provider closes after answering it), when the provider keeps the connection open.
import { openBareConnection } from './connect-request.js';
import { readAnswers, type RawAnswer } from './raw-answers.js';

export interface RawOutcome {
  /** The complete answers, in the order they came. */
  answers: RawAnswer[];
  /** Bytes after the last complete answer when the connection ended. */
  rest: Buffer;
  /** The connection was made (a close or reset after it is the provider's doing, not transport trouble). */
  connected: boolean;
  /** How the read ended: `closed`, `reset`, `no answer in N s`, or `no connection: CODE`. */
  ended: string;
  ms: number;
}

interface RawSendOptions {
  timeoutMs: number;
  /** Half-close the connection after the bytes: no more of the message will come. */
  endAfter?: boolean;
  /** Sent once the first answer is complete, if the connection is still open (a request with `Connection: close`). */
  afterFirstAnswer?: Buffer | string;
}

/** Writes `bytes` to the provider at `baseUrl` and reads its answers until the connection ends (or `timeoutMs`). */
export function sendBytes(baseUrl: string, bytes: Buffer, options: RawSendOptions): Promise<RawOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let connected = false;
    let received: Buffer = Buffer.alloc(0);
    let followed = options.afterFirstAnswer === undefined;
    const finish = (ended: string) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      const { answers, rest } = readAnswers(received, true);
      resolve({ answers, rest, connected, ended, ms: Math.round(performance.now() - started) });
    };
    const timer = setTimeout(() => finish(`no answer in ${Math.round(options.timeoutMs / 1000)} s`), options.timeoutMs);
    const socket = openBareConnection(baseUrl, () => {
      connected = true;
      if (options.endAfter) socket.end(bytes);
      else socket.write(bytes);
    });
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      if (!followed && readAnswers(received, false).answers.length > 0) {
        followed = true;
        if (!socket.writableEnded) socket.write(options.afterFirstAnswer!);
      }
    });
    socket.on('close', () => finish('closed'));
    socket.on('error', (e: NodeJS.ErrnoException) => finish(connected ? 'reset' : `no connection: ${e.code ?? e.message}`));
  });
}
