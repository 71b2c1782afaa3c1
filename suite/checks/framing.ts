// Request framing on a bare connection (ASVS 5.0 4.2.1, RFC 9112 6.1-6.3): a message whose length two readers can
// read two ways (Content-Length beside Transfer-Encoding, an obfuscated or doubled Transfer-Encoding, two
// Content-Length values) is where a front and the server behind it part ways and a request is smuggled. The bytes
// after the first message are a complete signed invoice of a transaction of its own: a provider refuses the message
// (400, 501, or closes), or frames it by the rule and closes after its answer; it never answers those bytes as a
// second request, and never carries them out (the status method tells). A body shorter than its Content-Length
// gets no verdict. Which reading a provider takes is not judged: only what the smuggled bytes came to. The answers
// the provider generates are read the same way (ASVS 4.2.2): framed one way, their Content-Length counting their bytes.
import type { RuleId } from '../../contracts/index.js';
import { step, type ApiCheck } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import { responseOf } from '../harness/expect-response.js';
import { CheckFailure, ProviderUnavailable } from '../harness/failure.js';
import type { ProviderApi } from '../harness/provider-api.js';
import type { RawAnswer } from '../harness/raw-answers.js';
import { sendBytes, type RawOutcome } from '../harness/raw-exchange.js';
import { buildStatusRequest } from '../../generators/builders.js';
import { expectControlAnswered, validRequest } from './methods.js';

const FRAMING: RuleId = 'PRO-SEC-REQUEST-FRAMING';

/** How one probe frames a signed invoice `first` followed by the bytes of a second request `smuggled`. */
interface Probe {
  label: string;
  /** The framing header fields of the first message. */
  fields: (first: Buffer, smuggled: Buffer) => string[];
  /** The bytes after the head. */
  body: (first: Buffer, smuggled: Buffer) => Buffer;
}

export const chunked = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n0\r\n\r\n')]);
const raw = (first: Buffer, smuggled: Buffer) => Buffer.concat([first, smuggled]);
/** Content-Length covering the first message, beside a Transfer-Encoding field line as written. */
const besideLength = (label: string, ...te: string[]): Probe => ({ label, fields: (f) => [`Content-Length: ${f.length}`, ...te], body: raw });

/**
 * In the order that finds a lenient reader soonest: Transfer-Encoding wins and the connection stays open (the
 * smuggled request follows a well-formed chunked body); Content-Length wins (the smuggled request follows it, or is
 * the chunk a reader of Transfer-Encoding passes on with the Content-Length: TE.CL); then the spellings a strict
 * reader refuses (RFC 9112 6.1, 5.1) and two Content-Length values (6.3).
 */
const PROBES: readonly Probe[] = [
  {
    label: 'Transfer-Encoding: chunked with a shorter Content-Length, chunked body',
    fields: (f) => [`Content-Length: ${f.length}`, 'Transfer-Encoding: chunked'],
    body: (f, s) => Buffer.concat([chunked(f), s]),
  },
  besideLength('Content-Length with Transfer-Encoding: chunked, body not chunked', 'Transfer-Encoding: chunked'),
  {
    label: 'Transfer-Encoding: chunked whose chunk is the second request, Content-Length covering the chunk size line',
    fields: (_f, s) => [`Content-Length: ${s.length.toString(16).length + 2}`, 'Transfer-Encoding: chunked'],
    body: (_f, s) => chunked(s),
  },
  besideLength('Transfer-Encoding: xchunked', 'Transfer-Encoding: xchunked'),
  besideLength('Transfer-Encoding: chunked, identity', 'Transfer-Encoding: chunked, identity'),
  besideLength('two Transfer-Encoding fields', 'Transfer-Encoding: chunked', 'Transfer-Encoding: identity'),
  besideLength('Transfer-Encoding with a space before the colon', 'Transfer-Encoding : chunked'),
  { label: 'two Content-Length values', fields: (f, s) => [`Content-Length: ${f.length}`, `Content-Length: ${f.length + s.length}`], body: raw },
];

/** Bytes a truncated body lacks: the message says more is coming than is sent. */
const MISSING_BYTES = 16;

/** An invoice request on the wire: its head with the given framing fields, then `body`. */
export function message(api: ProviderApi, fields: readonly string[], body: Buffer, extra: readonly string[] = []): Buffer {
  const url = new URL(api.baseUrl);
  const head = [
    `POST ${url.pathname.replace(/\/$/, '')}${api.profile.paths.invoice} HTTP/1.1`,
    `Host: ${url.host}`,
    'Content-Type: application/json',
    ...extra,
    ...fields,
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/** The closing request sent after the first answer: its answer and the close end the read. */
function closingRequest(api: ProviderApi): string {
  const url = new URL(api.baseUrl);
  return `GET ${url.pathname.replace(/\/$/, '')}${api.profile.paths.invoice} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`;
}

/** One byte inside bash's `$'…'`: CR, LF, quote and backslash escaped, bytes outside printable ASCII as `\xHH`. */
function escaped(byte: number): string {
  const named: Record<number, string> = { 0x0d: '\\r', 0x0a: '\\n', 0x27: "\\'", 0x5c: '\\\\' };
  if (named[byte] !== undefined) return named[byte];
  return byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`;
}

/** The bytes as a shell can send them again (`$'…'` keeps CR and LF). */
function replayOf(baseUrl: string, bytes: Buffer): string {
  const url = new URL(baseUrl);
  const quoted = [...bytes].map(escaped).join('');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const to = url.protocol === 'https:' ? `openssl s_client -quiet -connect ${url.hostname}:${port}` : `nc ${url.hostname} ${port}`;
  return `printf %s $'${quoted}' | ${to}`;
}

const shown = (a: RawAnswer) => `HTTP ${a.status} ${a.headers['content-type'] ?? '(no Content-Type)'} ${a.body.slice(0, 300)}`;
const answered = (o: RawOutcome) => (o.answers.length === 0 ? `no answer (${o.ended})` : `${o.answers.map(shown).join(' | then | ')} (then ${o.ended})`);

/**
 * The outcome as an exchange (the first answer as its response), for a control's message. Not noted in the evidence:
 * its curl would send the message as a body; the failure's replay sends the bytes as they were.
 */
function exchangeOf(api: ProviderApi, sent: Buffer, outcome: RawOutcome): Exchange {
  const first = outcome.answers[0];
  return {
    request: { method: 'POST', url: `${api.baseUrl}${api.profile.paths.invoice}`, headers: {}, body: sent.toString('latin1') },
    ms: outcome.ms,
    rateLimitedRetries: 0,
    ...(first
      ? { response: { status: first.status, headers: first.headers, bodyText: first.body, truncated: false } }
      : { transportError: `${outcome.ended} without an answer`, unavailable: true }),
  };
}

/** Whether the status method knows `transaction` (undefined: there is no status method to ask); `rule`: the check's. */
export async function known(api: ProviderApi, transaction: string, rule: RuleId = FRAMING): Promise<string | undefined> {
  if (!api.profile.status.enabled) return undefined;
  const status = await api.status(buildStatusRequest(api.merchant, transaction));
  const res = responseOf(status, rule, `the status of transaction ${transaction}`);
  return res.status === api.profile.http.success ? `the status method knows transaction ${transaction}: HTTP ${res.status} ${res.bodyText.slice(0, 300)}` : '';
}

/** No answer and no status method: a control request must be answered for the close to be the provider's refusal. */
async function expectThere(api: ProviderApi, exchange: Exchange, outcome: RawOutcome, lookedUp: string | undefined): Promise<void> {
  if (!outcome.connected) throw new ProviderUnavailable(`a bare connection to ${api.baseUrl}: ${outcome.ended}`);
  if (outcome.answers.length === 0 && lookedUp === undefined) await expectControlAnswered(api, 'invoice', exchange);
}

/**
 * A signed invoice framed ambiguously, its bytes followed by a second signed invoice of another transaction: the
 * second is neither answered on the connection nor carried out. Then a signed invoice whose Content-Length says 16
 * bytes more than are sent (the connection half-closed after it): no 2xx, and not carried out.
 */
export function ambiguousFramingSmugglesNothing(): ApiCheck {
  return {
    name: 'ambiguousFramingSmugglesNothing()',
    title:
      'an invoice framed two ways (Content-Length beside Transfer-Encoding, obfuscated or doubled fields) smuggles no second request; a truncated body gets no verdict',
    rules: [FRAMING],
    async run({ api }) {
      for (const probe of PROBES)
        await step(probe.label, async () => {
          const first = validRequest(api, 'invoice');
          const second = validRequest(api, 'invoice');
          const smuggled = message(api, [`Content-Length: ${second.body.length}`], second.body);
          const sent = message(api, probe.fields(first.body, smuggled), probe.body(first.body, smuggled));
          const outcome = await sendBytes(api.baseUrl, sent, { timeoutMs: api.requestTimeoutMs, afterFirstAnswer: closingRequest(api) });
          const exchange = exchangeOf(api, sent, outcome);
          const expected = `${probe.label}: refused (400, 501, or the connection closed) or framed by RFC 9112 6.1 and the connection closed after the answer; the invoice of transaction ${second.transaction} in its bytes neither answered nor carried out`;
          const echo = outcome.answers.find((a) => a.body.includes(second.transaction!));
          const lookedUp = await known(api, second.transaction!);
          if (echo || lookedUp)
            throw new CheckFailure({
              rule: FRAMING,
              expected,
              received: `${answered(outcome)}${echo ? `; the bytes after the first message were answered as a request of their own (transaction ${second.transaction})` : ''}${lookedUp ? `; ${lookedUp}` : ''}`,
              replay: replayOf(api.baseUrl, sent),
            });
          await expectThere(api, exchange, outcome, lookedUp);
        });
      await step('a body shorter than its Content-Length', async () => {
        const req = validRequest(api, 'invoice');
        const sent = message(api, [`Content-Length: ${req.body.length + MISSING_BYTES}`], req.body);
        const outcome = await sendBytes(api.baseUrl, sent, { timeoutMs: api.requestTimeoutMs, endAfter: true });
        const exchange = exchangeOf(api, sent, outcome);
        const lookedUp = await known(api, req.transaction!);
        const verdict = outcome.answers.find((a) => a.status >= 200 && a.status <= 299);
        if (verdict || lookedUp)
          throw new CheckFailure({
            rule: FRAMING,
            expected: `a valid invoice whose Content-Length says ${MISSING_BYTES} bytes more than were sent, then the connection half-closed: no verdict on the truncated body (400, 408, or the connection closed), not carried out`,
            received: `${answered(outcome)}${lookedUp ? `; ${lookedUp}` : ''}`,
            replay: replayOf(api.baseUrl, sent),
          });
        await expectThere(api, exchange, outcome, lookedUp);
      });
    },
  };
}

const ANSWER_FRAMING: RuleId = 'PRO-SEC-ANSWER-FRAMING';

/** An answer as its framing shows it: the framing fields it carries. */
const framingShown = (a: RawAnswer) =>
  `HTTP ${a.status} (Content-Length ${a.headers['content-length'] ?? 'none'}, Transfer-Encoding ${a.headers['transfer-encoding'] ?? 'none'})`;

/**
 * Two valid invoices on one bare connection, the second (with `Connection: close`) sent once the first is answered:
 * no answer carries Content-Length beside Transfer-Encoding, and the bytes until the close are whole answers (a
 * Content-Length that counts characters, or bytes of another encoding, leaves bytes over or waits for bytes that
 * never come). Answers that are all ASCII cannot show a count of characters: the payments' recipients vary.
 */
export function answersFramedByTheirLength(): ApiCheck {
  return {
    name: 'answersFramedByTheirLength()',
    title: 'answers on one connection are framed one way, their Content-Length counting their bytes: the bytes until the close are whole answers',
    rules: [ANSWER_FRAMING],
    async run({ api }) {
      const [one, two] = [validRequest(api, 'invoice'), validRequest(api, 'invoice')];
      const first = message(api, [`Content-Length: ${one.body.length}`], one.body);
      const second = message(api, [`Content-Length: ${two.body.length}`], two.body, ['Connection: close']);
      const outcome = await sendBytes(api.baseUrl, first, { timeoutMs: api.requestTimeoutMs, afterFirstAnswer: second });
      if (!outcome.connected || outcome.ended.startsWith('no answer') || (outcome.answers.length === 0 && outcome.rest.length === 0))
        throw new ProviderUnavailable(`two invoices on a bare connection to ${api.baseUrl}: ${answered(outcome)}`);
      const expected =
        'every answer framed one way (never Content-Length beside Transfer-Encoding), its Content-Length the number of bytes of its content: the bytes until the close are whole answers (RFC 9112 6.2, 6.3; RFC 9110 8.6)';
      const both = outcome.answers.find((a) => a.headers['content-length'] !== undefined && a.headers['transfer-encoding'] !== undefined);
      if (both || outcome.rest.length > 0)
        throw new CheckFailure({
          rule: ANSWER_FRAMING,
          expected,
          received: `${outcome.answers.map(framingShown).join(', then ') || 'no whole answer'}${both ? '; an answer with both Content-Length and Transfer-Encoding' : ''}${
            outcome.rest.length > 0
              ? `; then ${outcome.rest.length} bytes that are no whole answer before the connection ${outcome.ended}: ${JSON.stringify(outcome.rest.toString('utf8').slice(0, 160))}`
              : ''
          }`,
          replay: replayOf(api.baseUrl, Buffer.concat([first, second])),
        });
    },
  };
}
