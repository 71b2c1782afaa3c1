import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedCallback {
  path: string;
  headers: IncomingMessage['headers'];
  text: string;
  json: unknown;
  at: number;
}

type Waiter = { match: (c: ReceivedCallback) => boolean; resolve: (c: ReceivedCallback) => void; reject: (e: Error) => void };

/** A tiny callback receiver (after Playwright's test server): records every POST, answers by a settable rule. */
export class CallbackReceiver {
  readonly received: ReceivedCallback[] = [];
  private waiters: Waiter[] = [];
  /** Status to answer a callback with (default 200; a 429 carries Retry-After: 1, a 307 Location /redirected), 'reset' to break the connection, 'hold' to never answer. */
  respond: (c: ReceivedCallback) => number | 'reset' | 'hold' = () => 200;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async create(): Promise<CallbackReceiver> {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const receiver = new CallbackReceiver(server, `http://127.0.0.1:${port}/callbacks`);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        const c: ReceivedCallback = { path: req.url ?? '', headers: req.headers, text, json, at: Date.now() };
        receiver.received.push(c);
        const answer = receiver.respond(c);
        if (answer === 'reset') req.socket.destroy();
        else if (answer === 'hold')
          res.on('close', () => undefined); // closed by the sender's time limit, or the receiver's close
        else {
          res.statusCode = answer;
          if (answer === 429) res.setHeader('retry-after', '1');
          if (answer === 307) res.setHeader('location', '/redirected');
          res.end();
        }
        for (const w of receiver.waiters.filter((w) => w.match(c))) {
          receiver.waiters.splice(receiver.waiters.indexOf(w), 1);
          w.resolve(c);
        }
      });
    });
    return receiver;
  }

  /** Callbacks whose body has this transaction. */
  forTransaction(transaction: string): ReceivedCallback[] {
    return this.received.filter((c) => (c.json as { transaction?: string } | undefined)?.transaction === transaction);
  }

  waitFor(match: (c: ReceivedCallback) => boolean, timeoutMs = 5000): Promise<ReceivedCallback> {
    const found = this.received.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const w: Waiter = { match, resolve, reject };
      this.waiters.push(w);
      setTimeout(() => {
        const i = this.waiters.indexOf(w);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          reject(new Error(`no matching callback within ${timeoutMs} ms`));
        }
      }, timeoutMs).unref();
    });
  }

  reset(): void {
    this.received.length = 0;
    this.respond = () => 200;
    for (const w of this.waiters) w.reject(new Error('receiver reset'));
    this.waiters = [];
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}
