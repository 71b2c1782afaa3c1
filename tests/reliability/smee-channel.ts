// A smee channel on loopback, as smee.io serves one (github.com/probot/smee.io, server/index.js): a POST to
// /<channel> is answered 200 at once, whatever the listener does, and sent to every listener of the channel as one
// Server-Sent Event `data: {...the POST's headers, body: its parsed JSON body (else {}), query, timestamp}`; a GET
// of /<channel> with Accept: text/event-stream is a listener, greeted with an `event: ready`. What the relay test
// runs smee-client against, offline.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface SmeeChannel {
  /** The channel's address: what the merchant registers with the sandbox. */
  url: string;
  /** POSTs received on the channel (by anyone: the provider, the suite's self-check). */
  posts: () => number;
  close(): Promise<void>;
}

/** A channel served on `host` (loopback by default). */
export async function startSmeeChannel(host = '127.0.0.1', channel = `pts-${Math.random().toString(36).slice(2, 10)}`): Promise<SmeeChannel> {
  const listeners = new Set<ServerResponse>();
  let posts = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://smee');
    if (url.pathname !== `/${channel}`) return void res.writeHead(404).end('Not found');
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.write('event: ready\ndata: {}\n\n');
      listeners.add(res);
      res.on('close', () => listeners.delete(res));
      return;
    }
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts++;
      let body: unknown = {};
      if (/json/i.test(String(req.headers['content-type'] ?? '')))
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = {};
        }
      const event = { ...req.headers, body, query: Object.fromEntries(url.searchParams), timestamp: Date.now() };
      for (const l of listeners) l.write(`data: ${JSON.stringify(event)}\n\n`);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/${channel}`,
    posts: () => posts,
    close: async () => {
      for (const l of listeners) l.end();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
