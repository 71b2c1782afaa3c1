// Callbacks from wherever the sandbox is (docs/merchant-certification.md), for real on this machine:
// - a provider in a network namespace of its own, which reaches the suite only at the namespace's peer address:
//   with CALLBACK_HOST and CALLBACK_URL set to it, certification of the callbacks area is CERTIFIED, every check judged;
// - the same provider with the receiver on loopback only and no CALLBACK_URL: no callback can arrive, so every
//   check that waits for one is not judged, with why (console, summary.json, certificate.md), none failed or passed;
// - the relay (CALLBACK_RELAY, smee-client) against a smee channel served on loopback here: the callbacks arrive
//   through it; the checks whose verdict needs the receiver's refusal to reach the provider are not judged, with why;
// - the tunnel (CALLBACK_TUNNEL, ssh2) to an SSH gateway served here, for a provider in a namespace of its own that
//   reaches only the port the gateway forwards, with the receiver on loopback: CERTIFIED, every callback check
//   judged passed; a gateway whose host key or client key is not the one given stops the run with one line.
// The namespace tests are skipped, with the reason, where `ip netns` is not permitted.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { childEnv, runScript } from '../../scripts/child-run.js';
import { createNetns, netnsProblem, type Netns } from './netns.js';
import { startSmeeChannel } from './smee-channel.js';
import { startSshGateway } from './ssh-gateway.js';
import { keptTunnel } from '../../suite/runner/callback-tunnel.js';
import { CallbackInbox, CallbackReceiver } from '../../suite/harness/callback-receiver.js';
import { OutOfReach } from '../../suite/harness/failure.js';

// The namespace tests share their namespace, one after the other; the relay tests run beside them.
test.describe.configure({ mode: 'parallel' });

interface Check {
  id: string;
  project: string;
  status: string;
  notJudged?: string;
}

/** A port free on every interface (bound once by us, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The reference provider (`npm run mock`) inside the namespace, listening on its end, delivering to `callbackUrl`. */
async function providerIn(ns: Netns, callbackUrl: string): Promise<{ url: string; apiKey: string; cryptoKey: string; keyPath: string }> {
  const child = ns.node(['--import', 'tsx', 'mock/cli.ts', '--host', ns.nsAddress, '--port', '0', '--callback-url', callbackUrl]);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the provider did not start in the namespace: ${out}`)), 30_000);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const field = (name: string) => new RegExp(`^${name}\\s+(\\S+)`, 'm').exec(out)?.[1];
      const url = /^listening (\S+)/m.exec(out)?.[1];
      const [apiKey, cryptoKey, keyPath] = [field('api_key'), field('crypto_key'), field('xsign_private_key')];
      if (url && apiKey && cryptoKey && keyPath) {
        clearTimeout(timer);
        resolve({ url, apiKey, cryptoKey, keyPath });
      }
    });
    child.once('exit', (code) => reject(new Error(`the provider exited with ${code}: ${out}`)));
  });
}

/** The suite's settings for a sandbox: its address and the merchant's credentials and X-Sign key. */
function merchantOf(provider: { url: string; apiKey: string; cryptoKey: string; keyPath: string }): Record<string, string> {
  return { BASE_URL: provider.url, API_KEY: provider.apiKey, CRYPTO_KEY: provider.cryptoKey, XSIGN_PRIVATE_KEY: provider.keyPath };
}

/** A run's checks as its summary.json has them. */
function checksOf(dir: string): Check[] {
  return (JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { checks: Check[] }).checks;
}

const CALLBACK_CHECKS = 6;
/** The titles of noCallbackAfterFinalState(): each listens for the profile's quiet time. */
const QUIET_CHECKS = 'no callback with another state';
/** Deep enough for the whole-run teardown's followers without waiting on certify's sandbox rate. */
const QUICK = { RATE_LIMIT: '1000', FC_NUM_RUNS: '3' };

/**
 * A namespace for the tests of the describe that calls this (made before them, removed after them with the temp
 * folders they asked for). `problem`: why namespaces cannot be made here, found once the tests run, not while listed.
 */
function namespaceForDescribe(): { problem(): string | undefined; ns(): Netns; tempDir(what: string): string } {
  let problem: string | undefined;
  let ns: Netns | undefined;
  const dirs: string[] = [];

  test.beforeAll(() => {
    problem = netnsProblem();
    if (problem === undefined) ns = createNetns();
  });

  test.afterAll(async () => {
    await ns?.remove();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  return {
    problem: () => problem,
    ns: () => ns!,
    tempDir: (what) => {
      const d = mkdtempSync(join(tmpdir(), `pts-${what}-`));
      dirs.push(d);
      return d;
    },
  };
}

test.describe('a provider in a network namespace of its own', () => {
  test.describe.configure({ mode: 'serial' });
  const { problem, ns, tempDir } = namespaceForDescribe();

  test('reaching the suite only at the namespace peer address (CALLBACK_HOST, CALLBACK_URL): certification of the callbacks area is CERTIFIED, every check judged', async () => {
    test.skip(problem() !== undefined, problem() ?? '');
    const port = await freePort();
    const callbackUrl = `http://${ns().hostAddress}:${port}/callbacks`;
    const provider = await providerIn(ns(), callbackUrl);
    const out = join(tempDir('certify-netns'), 'certification');
    const env = childEnv({
      ...QUICK,
      ...merchantOf(provider),
      CALLBACK_HOST: ns().hostAddress,
      CALLBACK_PORT: String(port),
      CALLBACK_URL: callbackUrl,
      PTS_REPORTS_DIR: tempDir('reports-netns'),
    });
    // The two checks that listen for a quiet time judge no callback rule the others do not: left out, to keep the test
    // short (docs/merchant-certification.md shows the whole area run so).
    const run = await runScript('scripts/certify.ts', ['--out', out, '--project=callbacks', '--grep-invert', QUIET_CHECKS], { env, boundMs: 240_000 });
    const shown = `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
    expect(run.stdout, shown).toContain(`callbacks: register ${callbackUrl} with the sandbox`);
    expect(run.code, shown).toBe(0);
    expect(run.stdout, shown).toContain('certify: CERTIFIED');
    const checks = checksOf(out).filter((c) => c.project === 'callbacks');
    expect(checks, shown).toHaveLength(CALLBACK_CHECKS - 2);
    expect(checks.filter((c) => c.status !== 'passed').map((c) => `${c.id}: ${c.status} ${c.notJudged ?? ''}`)).toEqual([]);
    expect(checksOf(out).filter((c) => c.status === 'not judged' || c.status === 'failed')).toEqual([]);
  });

  test('with the receiver on loopback only and no CALLBACK_URL: every check that waits for a callback is not judged, saying which variable to set', async () => {
    test.skip(problem() !== undefined, problem() ?? '');
    const port = await freePort();
    // The provider delivers to the host end, where nothing listens: the receiver is on loopback.
    const provider = await providerIn(ns(), `http://${ns().hostAddress}:${port}/callbacks`);
    const out = join(tempDir('certify-loopback'), 'certification');
    const env = childEnv({
      ...QUICK,
      BASE_URL: provider.url,
      API_KEY: provider.apiKey,
      CRYPTO_KEY: provider.cryptoKey,
      CALLBACK_PORT: String(port),
      PTS_REPORTS_DIR: tempDir('reports-loopback'),
    });
    const run = await runScript('scripts/certify.ts', ['--out', out, '--project=callbacks'], { env, boundMs: 240_000 });
    const shown = `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
    expect(run.code, shown).toBe(2);
    expect(run.stdout, shown).toContain('certify: INCOMPLETE');
    const why =
      /the provider cannot reach the suite: .*set CALLBACK_HOST and CALLBACK_URL to an address the provider reaches, CALLBACK_TUNNEL to an SSH gateway it reaches, or CALLBACK_RELAY/;
    expect(run.stdout, shown).toMatch(new RegExp(`certify: \\d+ of \\d+ checks not judged \\(${why.source}`));
    const checks = checksOf(out);
    const callbacks = checks.filter((c) => c.project === 'callbacks');
    expect(callbacks, shown).toHaveLength(CALLBACK_CHECKS);
    for (const c of callbacks) {
      expect(c.status, c.id).toBe('not judged');
      expect(c.notJudged, c.id).toMatch(why);
    }
    // Nothing failed by guesswork; the SSRF canaries the provider could not reach are not judged either.
    expect(checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(checks.find((c) => /requested none of the addresses/.test(c.id))?.status).toBe('not judged');
    const certificate = readFileSync(join(out, 'certificate.md'), 'utf8');
    expect(certificate).toContain('## Verdict: INCOMPLETE');
    expect(certificate).toMatch(/could not be judged: the provider cannot reach the suite/);
    expect(certificate).toMatch(why);
    expect(readFileSync(join(out, 'requirements.md'), 'utf8')).toMatch(new RegExp(`not judged: .*: ${why.source}`));
  });
});

test('through the relay (CALLBACK_RELAY, a smee channel served here): callbacks arrive; the checks that need a refusal to reach the provider are not judged, with why', async () => {
  const channel = await startSmeeChannel();
  const reports = mkdtempSync(join(tmpdir(), 'pts-reports-relay-'));
  try {
    // The embedded provider delivers to the public address: the channel.
    const env = childEnv({ ...QUICK, CALLBACK_RELAY: channel.url, PTS_REPORTS_DIR: reports });
    const run = await runScript('scripts/conformance.ts', ['--project=callbacks', '--workers=1', '--grep-invert', QUIET_CHECKS], {
      env,
      boundMs: 240_000,
    });
    const shown = `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
    expect(run.stdout, shown).toContain(`callbacks: register ${channel.url} with the sandbox`);
    expect(existsSync(join(reports, 'summary.json')), shown).toBe(true);
    const callbacks = checksOf(reports).filter((c) => c.project === 'callbacks');
    expect(callbacks, shown).toHaveLength(CALLBACK_CHECKS - 2);
    // Not judged: the two checks whose receiver must refuse or hold a delivery (that never reaches the provider), and only they.
    const notJudged = callbacks.filter((c) => c.status === 'not judged');
    expect(
      notJudged.map((c) => /delivered again/.test(c.id)),
      shown,
    ).toEqual([true, true]);
    for (const c of notJudged)
      expect(c.notJudged).toMatch(
        /^the provider cannot reach the suite directly: callbacks come through the relay CALLBACK_RELAY=\S+: the relay answers the provider itself/,
      );
    expect(callbacks.filter((c) => c.status === 'passed')).toHaveLength(CALLBACK_CHECKS - 4);
    // Every callback crossed the channel: the suite's own self-check, then one for each of the two payments judged.
    expect(channel.posts()).toBeGreaterThanOrEqual(3);
  } finally {
    await channel.close();
    rmSync(reports, { recursive: true, force: true });
  }
});

test('a relay channel that cannot be opened stops the run before any request: exit 2, one line naming CALLBACK_RELAY', async () => {
  const channel = await startSmeeChannel();
  await channel.close(); // its port is closed now
  const run = await runScript('scripts/conformance.ts', ['--project=status'], { env: childEnv({ CALLBACK_RELAY: channel.url }), boundMs: 60_000 });
  const shown = `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
  expect(run.code, shown).toBe(2);
  expect(run.stderr.trim().split('\n'), shown).toEqual([`conformance: CALLBACK_RELAY=${channel.url}: the relay channel cannot be opened: connection refused`]);
});

test.describe('through an SSH tunnel (CALLBACK_TUNNEL) to a gateway served here', () => {
  const { problem, ns, tempDir } = namespaceForDescribe();

  test('a provider that reaches only the port the gateway forwards, the receiver on loopback: certification of the callbacks area is CERTIFIED, every check judged passed', async () => {
    test.skip(problem() !== undefined, problem() ?? '');
    const gateway = await startSshGateway();
    try {
      // The gateway listens for the provider at the namespace's peer address: the only address the provider reaches.
      const port = await freePort();
      const callbackUrl = `http://${ns().hostAddress}:${port}/callbacks`;
      const provider = await providerIn(ns(), callbackUrl);
      const temp = tempDir('certify-tunnel');
      const out = join(temp, 'certification');
      const env = childEnv({
        ...QUICK,
        ...merchantOf(provider),
        CALLBACK_TUNNEL: `${gateway.address}/${ns().hostAddress}:${port}`,
        CALLBACK_TUNNEL_KEY: gateway.clientKeyPath,
        CALLBACK_TUNNEL_HOST_KEY: gateway.hostKey,
        CALLBACK_URL: callbackUrl,
        PTS_REPORTS_DIR: join(temp, 'reports'),
      });
      const run = await runScript('scripts/certify.ts', ['--out', out, '--project=callbacks', '--grep-invert', QUIET_CHECKS], { env, boundMs: 240_000 });
      const shown = `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
      expect(run.stdout, shown).toContain(`callbacks: register ${callbackUrl} with the sandbox`);
      expect(run.stdout, shown).toContain(`through the tunnel ${gateway.address}, port ${port} there`);
      expect(run.code, shown).toBe(0);
      expect(run.stdout, shown).toContain('certify: CERTIFIED');
      const checks = checksOf(out);
      const callbacks = checks.filter((c) => c.project === 'callbacks');
      expect(callbacks, shown).toHaveLength(CALLBACK_CHECKS - 2);
      // The redelivery checks too: the receiver's refusals reached the provider through the gateway.
      expect(callbacks.filter((c) => c.status !== 'passed').map((c) => `${c.id}: ${c.status} ${c.notJudged ?? ''}`)).toEqual([]);
      expect(checks.filter((c) => c.status === 'not judged' || c.status === 'failed')).toEqual([]);
      expect(checks.find((c) => /requested none of the addresses/.test(c.id))?.status).toBe('passed');
      // The suite's self-check, then each payment's deliveries and retries: all through the gateway.
      expect(gateway.forwarded()).toBeGreaterThan(CALLBACK_CHECKS);
    } finally {
      await gateway.close();
    }
  });
});

test('a gateway that is not the one CALLBACK_TUNNEL_HOST_KEY names, or that refuses the key, stops the run before any request: exit 2, one line', async () => {
  const gateway = await startSshGateway();
  try {
    const cases = [
      { env: { CALLBACK_TUNNEL_KEY: gateway.clientKeyPath }, line: `the gateway's host key is ${gateway.hostKey} and CALLBACK_TUNNEL_HOST_KEY is not set` },
      {
        env: { CALLBACK_TUNNEL_KEY: gateway.clientKeyPath, CALLBACK_TUNNEL_HOST_KEY: `SHA256:${'A'.repeat(43)}` },
        line: `the gateway's host key is ${gateway.hostKey}, not CALLBACK_TUNNEL_HOST_KEY=SHA256:${'A'.repeat(43)}`,
      },
      {
        env: { CALLBACK_TUNNEL_KEY: gateway.otherKeyPath, CALLBACK_TUNNEL_HOST_KEY: gateway.hostKey },
        line: `the gateway refused the key CALLBACK_TUNNEL_KEY=${gateway.otherKeyPath}`,
      },
    ];
    for (const { env, line } of cases) {
      const run = await runScript('scripts/conformance.ts', ['--project=status'], {
        env: childEnv({ CALLBACK_TUNNEL: gateway.address, ...env }),
        boundMs: 60_000,
      });
      const shown = `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
      expect(run.code, shown).toBe(2);
      expect(run.stderr.trim().split('\n'), shown).toEqual([expect.stringContaining(`conformance: CALLBACK_TUNNEL=${gateway.address}: ${line}`)]);
    }
    expect(gateway.forwarded()).toBe(0);
  } finally {
    await gateway.close();
  }
});

/** A kept tunnel to `target` through `gateway`, its lines collected; `next()` resolves with the next line it reports. */
async function keptThrough(gateway: Awaited<ReturnType<typeof startSshGateway>>, target: number, reconnectMs: number) {
  const lines: string[] = [];
  let waiting: ((line: string) => void) | undefined;
  const tunnel = await keptTunnel(
    {
      address: { user: 'merchant', host: '127.0.0.1', port: Number(new URL(gateway.address).port), bindAddress: '127.0.0.1', bindPort: 0 },
      hostKey: gateway.hostKey,
      keyPath: gateway.clientKeyPath,
      target: { host: '127.0.0.1', port: target },
    },
    {
      reconnectMs,
      report: (line) => {
        lines.push(line);
        waiting?.(line);
      },
    },
  );
  const next = () => new Promise<string>((resolve) => (waiting = resolve));
  return { tunnel, lines, next };
}

/** An HTTP answer through the gateway's forwarded port. */
async function throughForward(port: number): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/callbacks`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(10_000) })).status;
}

test('a tunnel lost during the run is opened again on the same port: what the provider sends there arrives again, and the run is told both', async () => {
  const gateway = await startSshGateway();
  const receiver = createHttpServer((_req, res) => res.writeHead(200).end('ok'));
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const { tunnel, lines, next } = await keptThrough(gateway, (receiver.address() as AddressInfo).port, 30_000);
    expect(await throughForward(tunnel.remotePort)).toBe(200);
    const lost = next();
    gateway.dropClients();
    expect(await lost).toMatch(/^callbacks: the tunnel ssh:\/\/merchant@127\.0\.0\.1:\d+ closed during the run: opening it again on port \d+ there$/);
    expect(await next()).toBe(lines[0]!.replace('closed during the run: opening it again', 'is open again'));
    expect(await throughForward(tunnel.remotePort), 'the same port, as the provider was told').toBe(200);
    expect(tunnel.forwarded(), 'both tunnels counted').toBe(2);
    await tunnel.close();
  } finally {
    receiver.close();
    await gateway.close();
  }
});

test('a tunnel whose gateway goes away for good: the run is told that callbacks can no longer arrive, and closing the route still ends', async () => {
  const gateway = await startSshGateway();
  const { tunnel, next } = await keptThrough(gateway, 9, 1_500);
  expect(tunnel.remotePort).toBeGreaterThan(0);
  const lost = next();
  await gateway.close();
  expect(await lost).toMatch(/closed during the run: opening it again on port \d+ there$/);
  expect(await next()).toMatch(
    /^callbacks: the tunnel ssh:\/\/merchant@127\.0\.0\.1:\d+ could not be opened again \(.+\): callbacks after this cannot arrive$/,
  );
  await tunnel.close(); // after the loss, at once: the test's time limit would catch a wait for a close that already came
});

test('a wait that met a gap of the route and did not get what it waited for is not judged; one that got it, or met no gap, is judged', async () => {
  const receiver = await CallbackReceiver.start();
  const inbox = new CallbackInbox(receiver.url);
  const deliver = (transaction: string) =>
    fetch(receiver.url + '/callbacks', { method: 'POST', body: JSON.stringify({ transaction, payment: { state: 'deposited' } }) });
  try {
    expect(await inbox.waitFor('before-any-gap', 1, 50), 'no gap: nothing arrived is a verdict').toEqual([]);
    receiver.routeDown('the tunnel ssh://merchant@gateway:22 closed');
    const lost = await inbox.waitFor('sent-during-the-gap', 1, 50).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(OutOfReach);
    expect((lost as Error).message).toMatch(
      /^the route of the callbacks was down from \d\d:\d\d:\d\d\.\d{3} on \(the tunnel ssh:\/\/merchant@gateway:22 closed\)/,
    );
    receiver.routeUp();
    await deliver('arrived-after-the-gap');
    expect(await inbox.waitFor('arrived-after-the-gap', 1, 50), 'what it waited for came: judged, gap or not').toHaveLength(1);
    await expect(inbox.waitFor('still-missing', 1, 1_000), 'the gap ended within the wait: its callbacks may still be on their way').rejects.toThrow(
      /was down from .* to /,
    );
    const canary = await inbox.issueCanary({ scope: 'gap', field: 'return_url', example: 'x', payerMayArrive: false });
    await expect(inbox.canaries('gap', 0), 'an unrequested canary proves nothing across a gap').rejects.toBeInstanceOf(OutOfReach);
    await fetch(canary.url);
    expect((await inbox.canaries('gap', 0)).canaries[0]!.hits, 'a request found is one, gap or not').toHaveLength(1);
  } finally {
    await receiver.close();
  }
});
