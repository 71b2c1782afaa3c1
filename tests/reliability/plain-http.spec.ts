// apiRefusedOverPlainHttp over real TLS (docs/security/transport.md, ASVS 4.1.2): the embedded provider behind an https
// front with a certificate made here (node-forge; the child trusts it through NODE_EXTRA_CA_CERTS, which its
// Playwright workers inherit). The front's port also takes plain HTTP (told by the first byte, as a TLS handshake
// starts with 0x16), so that PLAIN_HTTP_URL is left to its default, BASE_URL as http on the same port. Plain HTTP gets,
// one invoice after the other, each behaviour of a listener: the connection closed (as a TLS-only port does), 426,
// a 308 to https, the invoice carried out, no answer. The kill matrix cannot show this (its providers speak plain
// http, where the check is skipped): one child run of that check alone, once per behaviour, judges them all.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import forge from 'node-forge';
import { childEnv, runSuite } from '../../scripts/child-run.js';
import { startEmbedded, type Embedded } from '../../suite/runner/embedded.js';

const RULE = 'PRO-SEC-API-NO-PLAIN-HTTP';
const GREP = 'sent to the same path over plain http';
const BOUND_MS = 90_000;

/** A self-signed certificate for 127.0.0.1 (the key from node:crypto, quicker than forge's): only the certificate goes to disk. */
function selfSigned(): { key: string; cert: string } {
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(key) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 3600_000);
  const subject = [{ name: 'commonName', value: '127.0.0.1' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ]);
  cert.sign(forgeKey, forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}

type PlainMode = 'close' | 'refuse' | 'redirect' | 'carry out' | 'silent';
const MODES: readonly PlainMode[] = ['close', 'refuse', 'redirect', 'carry out', 'silent'];
/** Seconds the child waits for an answer: the silent listener costs two of them (the request is sent once more). */
const REQUEST_TIMEOUT = 2;

/** Sends a request on to the provider at `backend` (its body read already) and the answer back. */
function forward(backend: string, req: IncomingMessage, body: Buffer, res: ServerResponse): void {
  const to = new URL(req.url ?? '/', backend);
  const out = request(to, { method: req.method, headers: { ...req.headers, host: to.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  out.on('error', () => res.destroy());
  out.end(body);
}

const transactionOf = (body: Buffer): string => String((JSON.parse(body.toString('utf8') || '{}') as { transaction?: unknown }).transaction);

const bodyOf = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * The https front and, on the same port, plain HTTP: each new transaction gets the next mode (its tries again after a
 * closed connection the same one), so that the check's runs meet every mode once, whatever order they run in. The
 * handlers read `https` when a request comes, once the port is known.
 */
async function frontAndPlain(backend: string, tls: { key: string; cert: string }) {
  const met = new Map<string, PlainMode>();
  /** The transactions of the invoices that came over https. */
  const overTls = new Set<string>();
  const front = createHttpsServer(
    tls,
    (req, res) =>
      void bodyOf(req).then((body) => {
        if (req.url?.endsWith('/invoice')) overTls.add(transactionOf(body));
        forward(backend, req, body, res);
      }),
  );
  const plain = createHttpServer((req, res) => {
    void bodyOf(req).then((body) => {
      const transaction = transactionOf(body);
      const mode = met.get(transaction) ?? MODES[met.size] ?? 'close';
      met.set(transaction, mode);
      if (mode === 'silent') return; // never answers (a firewall that drops the port)
      if (mode === 'close') return void req.socket.destroy();
      if (mode === 'carry out') return forward(backend, req, body, res);
      if (mode === 'redirect') return void res.writeHead(308, { location: `${https}${req.url ?? '/'}`, 'content-length': '0' }).end();
      res.writeHead(426, { upgrade: 'TLS/1.2, HTTP/1.1', connection: 'close', 'content-type': 'application/json' }).end('{"message":"use https"}');
    });
  });
  // A TLS connection starts with a handshake record (0x16); anything else is plain HTTP.
  const door = createNetServer((socket) =>
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 ? front : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    }),
  );
  const port = await new Promise<number>((resolve) => door.listen(0, '127.0.0.1', () => resolve((door.address() as AddressInfo).port)));
  const https = `https://127.0.0.1:${port}`;
  return {
    https,
    met,
    overTls,
    stop: () =>
      new Promise<void>((resolve) => {
        front.closeAllConnections();
        plain.closeAllConnections();
        door.close(() => resolve());
      }),
  };
}

let certDir: string | undefined;
let provider: Embedded | undefined;

test.afterAll(async () => {
  await provider?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

test('over TLS, plain HTTP on the same port: closed and 426 pass, a 308 passes with a warning, an invoice carried out fails naming the rule, no answer is not judged', async () => {
  test.setTimeout(BOUND_MS + 30_000);
  const tls = selfSigned();
  certDir = mkdtempSync(join(tmpdir(), 'pts-tls-'));
  writeFileSync(join(certDir, 'cert.pem'), tls.cert);
  provider = await startEmbedded([{}]);
  const site = await frontAndPlain(provider.env.BASE_URL, tls);
  const run = await runSuite({
    args: ['--project=invoice', '--workers=1', '-g', GREP, `--repeat-each=${MODES.length}`],
    // PLAIN_HTTP_URL unset: the default, BASE_URL as http on its own port.
    env: childEnv({ ...provider.env, BASE_URL: site.https, NODE_EXTRA_CA_CERTS: join(certDir, 'cert.pem'), REQUEST_TIMEOUT: String(REQUEST_TIMEOUT) }),
    boundMs: BOUND_MS,
  }).finally(() => site.stop());
  try {
    const shown = `exit ${run.code} in ${Math.round(run.ms)} ms\n--- stderr\n${run.stderr.slice(-3000)}\n--- stdout\n${run.stdout.slice(-3000)}`;
    expect(run.killed, shown).toBe(false);
    expect(run.report, `${run.reportError}\n${shown}`).toBeDefined();
    expect(run.report!.errors, shown).toEqual([]);
    const outcomes = run.report!.outcomes;
    expect(
      outcomes.map((o) => o.check),
      `the check alone, once per mode\n${shown}`,
    ).toEqual(MODES.map(() => 'apiRefusedOverPlainHttp()'));
    expect([...site.met.values()].sort(), 'each mode met one invoice').toEqual([...MODES].sort());
    const passed = outcomes.filter((o) => o.status === 'passed');
    const failed = outcomes.filter((o) => o.status === 'failed');
    expect(passed, outcomes.map((o) => `${o.status}: ${o.error ?? o.notJudged ?? ''}`).join('\n')).toHaveLength(3);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.message).toMatch(new RegExp(`^(CheckFailure: )?\\[${RULE}\\] `));
    expect(failed[0]!.error).toMatch(/carried out over plain http: HTTP 200/);
    const invoice = '/api/v1/payments/card2account/invoice';
    // A redirect to https is advice (ASVS 4.1.2): a warning, which the default profile does not fail.
    const redirected = passed.flatMap((o) => o.warnings).map((w) => JSON.parse(w) as { rule: string; text: string });
    expect(redirected).toHaveLength(1);
    expect(redirected[0]).toMatchObject({ rule: 'PRO-SEC-API-PLAIN-HTTP-NO-REDIRECT' });
    expect(redirected[0]!.text).toContain(`HTTP 308 redirect to ${site.https}${invoice}`);
    const unanswered = outcomes.find((o) => o.notJudged !== undefined);
    expect(unanswered?.status).toBe('skipped');
    expect(unanswered?.notJudged).toContain(`no response in ${REQUEST_TIMEOUT} s`);
    const silent = [...site.met].find(([, mode]) => mode === 'silent')![0];
    expect(site.overTls.has(silent), 'the unanswered invoice is not sent again to BASE_URL (as a lost request of the API would be)').toBe(false);
    test.info().annotations.push({ type: 'run', description: `one run of ${MODES.length}: exit ${run.code}, ${(run.ms / 1000).toFixed(1)} s` });
  } finally {
    run.cleanup();
  }
});
