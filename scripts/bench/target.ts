/**
 * Child process of scripts/bench-provider.ts and scripts/bench-suite.ts: serves either the reference provider or a bare node:http
 * server answering a fixed JSON, and reports {url, apiKey, cryptoKey} over IPC.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startProvider } from '../../mock/index.js';

const mode = process.argv[2];
const send = (m: unknown) => process.send!(m);

if (mode === 'bare') {
  const fixed = JSON.stringify({
    transaction: '00000000-0000-4000-8000-000000000000',
    redirect_url: 'http://127.0.0.1/pay/x',
    payment: { id: 1, state: 'processing' },
  });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(fixed) });
      res.end(fixed);
    });
  });
  server.listen(0, '127.0.0.1', () => send({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
} else {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiKey = `ak_bench_${randomBytes(4).toString('hex')}`;
  const cryptoKey = randomBytes(24).toString('hex');
  const p = await startProvider({ merchants: [{ apiKey, cryptoKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string }] });
  send({ url: p.url, apiKey, cryptoKey });
}

// Exit normally on a signal (lets --cpu-prof write its profile).
for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => process.exit(0));
