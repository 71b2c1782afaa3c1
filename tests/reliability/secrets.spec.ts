// No secret reaches any output of a run: the embedded provider runs here with known credentials and
// faults that make checks fail with evidence (a leaked crypto key, wrong created_at, a masked card_pan,
// unchecked Luhn); a slice of invoice and account2card runs against it as an external BASE_URL with the
// configured reporters into a temp PTS_REPORTS_DIR; then every file written (and the console) is
// scanned for the crypto key, the private key and every full card number that crossed the wire.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { request } from 'undici';
import { test, expect } from '@playwright/test';
import { cardNumbersIn, scanOutputs, secretsFor, type Finding } from '../../reporting/leak-scan.js';
import { runProjects } from '../../scripts/child-run.js';
import { startEmbedded } from '../../suite/runner/embedded.js';

const FAULTS = ['leaks-crypto-key', 'created-at-millis', 'a2c-credentials-wrong', 'luhn-not-checked'];
/** Rules the faults break: the run must fail on each, so the evidence that could leak is really written. */
const EXPECTED_FAILURES = ['DOC-AUTH-CRYPTO_KEY-SECRET', 'DOC-PAY-CREATED_AT', 'PRO-A2C-SUCCESS', 'PRO-VAL-RECIPIENT_PAN'];
const SLICE = [
  'no invoice answer discloses the crypto key',
  'every tampered invoice signature is refused keyed signature',
  'a valid signed invoice is accepted with the profile success status',
  'created_at has the shape',
  'a valid signed account to card payment is accepted',
  // With leaks-crypto-key its answers quote the digest input, where recipient_pan follows the amount's digits.
  'every tampered account to card signature is refused',
  'the account to card response carries credentials {card_pan} equal to recipient_pan',
  'a recipient_pan that is not 13..19 Luhn-valid digits',
  'X-Sign over its exact body bytes is accepted',
];
const GREP = SLICE.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

/** Forwards to the provider and keeps every request and response body (to learn the card numbers that crossed). */
async function recordingProxy(target: string): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      bodies.push(body.toString('utf8'));
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      const upstream = await request(target + req.url, { method: req.method as 'POST', headers, body: body.length ? body : undefined });
      const answer = Buffer.from(await upstream.body.arrayBuffer());
      bodies.push(answer.toString('utf8'));
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(upstream.headers))
        if (v !== undefined && !['connection', 'transfer-encoding', 'keep-alive', 'content-length'].includes(k)) out[k] = v;
      res.writeHead(upstream.statusCode, out).end(answer);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const list = (findings: Finding[]) =>
  findings
    .slice(0, 40)
    .map((f) => `  ${f.where} @ ${f.offset}: ${f.what}`)
    .join('\n');

/** A zip of one deflated entry; `mangle` changes the compressed bytes after the headers are written. */
function zipOf(name: string, content: string, mangle = (deflated: Buffer) => deflated): Buffer {
  const raw = Buffer.from(content);
  const data = mangle(deflateRawSync(raw));
  const fileName = Buffer.from(name);
  const lfh = Buffer.alloc(30);
  lfh.writeUInt32LE(0x04034b50, 0);
  lfh.writeUInt16LE(8, 8);
  lfh.writeUInt32LE(crc32(raw), 14);
  lfh.writeUInt32LE(data.length, 18);
  lfh.writeUInt32LE(raw.length, 22);
  lfh.writeUInt16LE(fileName.length, 26);
  const cdh = Buffer.alloc(46);
  cdh.writeUInt32LE(0x02014b50, 0);
  cdh.writeUInt16LE(8, 10);
  cdh.writeUInt32LE(crc32(raw), 16);
  cdh.writeUInt32LE(data.length, 20);
  cdh.writeUInt32LE(raw.length, 24);
  cdh.writeUInt16LE(fileName.length, 28);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(cdh.length + fileName.length, 12);
  eocd.writeUInt32LE(lfh.length + fileName.length + data.length, 16);
  return Buffer.concat([lfh, fileName, data, cdh, fileName, eocd]);
}

/** Embedded as Playwright's HTML report stores its data. */
const htmlWithZip = (zip: Buffer) => `<script>window.data="data:application/zip;base64,${zip.toString('base64')}";</script>`;

const NO_PEM = '-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----';

test('the leak scanner finds planted secrets in plain files, base64 attachments and zipped HTML data', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pts-scan-selftest-'));
  try {
    const key = randomBytes(24).toString('hex');
    const pan = '4111111111111111';
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'nested', 'plain.txt'), `x${key}x`);
    writeFileSync(join(dir, 'attach.json'), JSON.stringify({ body: Buffer.from(`{"recipient_pan":"${pan}"}`).toString('base64') }));
    writeFileSync(join(dir, 'glued.txt'), `digest input …a37150000${pan}[crypto_key redacted]`);
    writeFileSync(join(dir, 'index.html'), htmlWithZip(zipOf('report.json', `{"error":"${key}"}`)));
    const { findings } = await scanOutputs([dir], { console: 'clean' }, secretsFor({ cryptoKey: key, privateKeyPem: NO_PEM, pans: [pan] }));
    const wheres = findings.map((f) => `${f.where}: ${f.what}`);
    expect(wheres).toContainEqual(expect.stringMatching(/^nested\/plain\.txt: the crypto key$/));
    expect(wheres).toContainEqual(expect.stringMatching(/^attach\.json » base64 at \d+: a full card number/));
    expect(wheres).toContainEqual(expect.stringMatching(/^glued\.txt: a full card number/));
    expect(wheres).toContainEqual(expect.stringMatching(/^index\.html » base64 at \d+ » zip entry report\.json: the crypto key$/));
    expect(wheres.join('\n'), 'a finding names the secret, never quotes it').not.toContain(key);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a zip entry or archive the scanner cannot read fails the scan, naming it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pts-scan-selftest-'));
  try {
    const key = randomBytes(24).toString('hex');
    const zip = zipOf('report.json', `{"error":"${key}"}`);
    // Every compressed byte flipped: inflating fails. One bit flipped: it mostly inflates to other bytes of the right length, which only the CRC tells.
    writeFileSync(join(dir, 'index.html'), htmlWithZip(zipOf('report.json', `{"error":"${key}"}`, (d) => Buffer.from(d.map((b) => b ^ 0xff)))));
    const oneBit = (d: Buffer) => Buffer.from(d.map((b, i) => (i === d.length >> 1 ? b ^ 0x10 : b)));
    writeFileSync(join(dir, 'trace.zip'), zipOf('trace.network', `{"error":"${key}"}`, oneBit));
    writeFileSync(join(dir, 'truncated.zip'), zip.subarray(0, zip.length - 30));
    writeFileSync(join(dir, 'named-but-not.zip'), 'plain bytes, scanned as such');
    const { findings } = await scanOutputs([dir], {}, secretsFor({ cryptoKey: key, privateKeyPem: NO_PEM, pans: [] }));
    const wheres = findings.map((f) => `${f.where}: ${f.what}`);
    expect(wheres).toEqual([
      expect.stringMatching(/^index\.html » base64 at \d+ » zip entry report\.json: an entry that cannot be read \(.+\)$/),
      expect.stringMatching(/^trace\.zip » zip entry trace\.network: an entry that cannot be read \(.+\)$/),
      expect.stringMatching(/^truncated\.zip: a zip archive that cannot be read \(.+\)$/),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no report, attachment, test output or console line of a failing run holds the crypto key, the private key or a full card number', async () => {
  test.setTimeout(240_000);
  const provider = await startEmbedded([{ faults: FAULTS }]);
  const { merchant } = provider;
  const proxy = await recordingProxy(provider.env.BASE_URL);
  const run = await runProjects({
    projects: ['invoice', 'account2card'],
    grep: GREP,
    reporter: null, // the configured reporters (console, HTML, JUnit, Allure, summary), into PTS_REPORTS_DIR
    env: { ...provider.env, BASE_URL: proxy.url },
    boundMs: 200_000,
  }).finally(async () => {
    await proxy.close();
    await provider.close();
  });
  try {
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.killed, 'the run ended by itself').toBe(false);
    expect(run.code, `the faults make checks fail (exit 1)\n${run.stderr.slice(-2000)}`).toBe(1);
    // A failure's own line, not a title that lists the rule.
    for (const rule of EXPECTED_FAILURES) expect(output, `a failure naming ${rule} was written`).toContain(`CheckFailure: [${rule}]`);

    const pans = [...new Set(proxy.bodies.flatMap(cardNumbersIn))];
    expect(pans.length, 'card numbers crossed the wire (else the scan proves nothing)').toBeGreaterThan(0);
    const secrets = secretsFor({ cryptoKey: merchant.cryptoKey, privateKeyPem: merchant.privateKeyPem, pans });
    // The second merchant's (API_KEY_2: the two-merchant checks) are the run's secrets too.
    const second = provider.secondMerchant;
    for (const e of secretsFor({ cryptoKey: second.cryptoKey, privateKeyPem: second.privateKeyPem, pans: [] }).exact)
      secrets.exact.push({ ...e, label: `the second merchant's ${e.label.replace(/^the /, '')}` });
    const { files, bytes, findings } = await scanOutputs([run.dir], { '(console of the run)': output }, secrets);
    expect(files, 'the run wrote reports and test output').toBeGreaterThan(0);
    test.info().annotations.push({
      type: 'scan',
      description: `${files} file(s), ${bytes} bytes, ${pans.length} card number(s) and ${secrets.exact.length} exact secret(s) looked for`,
    });
    expect(findings, `secrets found (file @ byte offset: kind):\n${list(findings)}`).toEqual([]);
  } finally {
    run.cleanup();
  }
});
