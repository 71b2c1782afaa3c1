// What the benchmarks run the suite against: the reference provider in its own process (`npm run mock`, so that
// it does not share the suite's event loop), optionally behind a network (mock/network.ts), and a proxy in front
// of it that counts the requests the suite sends.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptArgs, startChild, type ChildProcess } from '../child-run.js';

export interface ProviderProcess {
  child: ChildProcess;
  url: string;
  apiKey: string;
  cryptoKey: string;
  keyPath: string;
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as AddressInfo;
  await new Promise((ok) => s.close(ok));
  return port;
}

/** `npm run mock` in its own process, delivering callbacks to the suite's receiver port; `network` as its --network takes it, `faults` its --faults. */
function startProviderProcess(callbackPort: number, network?: string, faults: readonly string[] = []): Promise<ProviderProcess> {
  const args = [
    '--callback-url',
    `http://127.0.0.1:${callbackPort}/callbacks`,
    ...(network ? ['--network', network] : []),
    ...(faults.length ? ['--faults', faults.join(',')] : []),
  ];
  const child = startChild(process.execPath, scriptArgs('mock/cli.ts', args), { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const field = (name: string) => new RegExp(`^${name}\\s+(\\S+)`, 'm').exec(out)?.[1];
      const url = /^listening (\S+)/m.exec(out)?.[1];
      const [apiKey, cryptoKey, keyPath] = [field('api_key'), field('crypto_key'), field('xsign_private_key')];
      if (url && apiKey && cryptoKey && keyPath) resolve({ child, url, apiKey, cryptoKey, keyPath });
    });
    child.once('exit', (code) => reject(new Error(`provider exited with ${code}: ${out}`)));
  });
}

/** A proxy that counts the requests passing through it. */
async function countingProxy(target: string): Promise<{ server: Server; url: string; count: () => number; close(): void }> {
  const to = new URL(target);
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const upstream = httpRequest({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    // A connection the provider dropped is dropped here too: the suite sees what it would see without the proxy.
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => requests,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

interface BenchTarget {
  provider: ProviderProcess;
  proxy: Awaited<ReturnType<typeof countingProxy>>;
  /** Where the suite's run writes its reports. */
  reports: string;
  /** The suite's settings for a run against the provider through the proxy, as a user would set them. */
  env: NodeJS.ProcessEnv;
  close(): void;
}

/** The provider in its own process (behind `network`, as mock/cli.ts --network takes it, with `faults`), the counting proxy, a reports folder. */
export async function startBenchTarget(network?: string, faults: readonly string[] = []): Promise<BenchTarget> {
  const callbackPort = await freePort();
  const provider = await startProviderProcess(callbackPort, network, faults);
  const proxy = await countingProxy(provider.url);
  const reports = mkdtempSync(join(tmpdir(), 'pts-bench-'));
  return {
    provider,
    proxy,
    reports,
    env: {
      ...process.env,
      BASE_URL: proxy.url,
      API_KEY: provider.apiKey,
      CRYPTO_KEY: provider.cryptoKey,
      XSIGN_PRIVATE_KEY: provider.keyPath,
      CALLBACK_PORT: String(callbackPort),
      PTS_REPORTS_DIR: reports,
    },
    close: () => {
      provider.child.kill('SIGTERM');
      proxy.close();
      rmSync(reports, { recursive: true, force: true });
    },
  };
}
