// HTTP/2 downgrade smuggling (ASVS 5.0 4.2.3, 4.2.4; RFC 9113 8.2.1, 8.2.2, 8.1.1): a provider often sits behind a
// CDN or load balancer that speaks h2 to clients and HTTP/1.1 to the origin. A front that copies a transfer-encoding
// or content-length field, or a value or :path with CR LF, into the HTTP/1.1 it writes lets the client frame that
// request: the bytes after what the origin reads are a request of their own (H2.TE, H2.CL, CR LF injection). Each
// probe is a signed invoice sent as one h2 stream whose bytes carry a second signed invoice of a transaction of its
// own: the stream may be refused (RST_STREAM, GOAWAY, a 4xx) or answered as the one request it is; the second is never
// answered nor carried out (the status method tells). The model is the HTTP/1.1 probe (framing.ts), whose helpers
// this reuses. A provider that does not speak h2 (ALPN chooses otherwise, the preface gets no SETTINGS) is not judged.
import type { RuleId } from '../../contracts/index.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { CheckFailure, ProviderUnavailable } from '../harness/failure.js';
import { pseudoFields, sendH2, type H2Outcome, type H2Request } from '../harness/h2-exchange.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { chunked, known, message } from './framing.js';
import { validRequest } from './methods.js';

const H2_DOWNGRADE: RuleId = 'PRO-SEC-H2-DOWNGRADE';

/** What one probe sends: the signed invoice `first` as a stream whose bytes carry the HTTP/1.1 request `smuggled`. */
interface Probe {
  label: string;
  request: (path: string, host: string, first: Buffer, smuggled: Buffer) => { fields: [string, string][]; data: Buffer };
}

const latin1 = (b: Buffer) => b.toString('latin1');

/**
 * H2.TE, H2.CL, then CR LF in a value (a transfer-encoding line; a blank line ending the head, the second request
 * after it) and in :path (the rest of a head, the second request, and the start of a request line the front completes).
 */
const PROBES: readonly Probe[] = [
  {
    label: 'transfer-encoding: chunked, the chunked body ending before a second request',
    request: (path, _h, first, smuggled) => ({
      fields: [
        [':path', path],
        ['transfer-encoding', 'chunked'],
      ],
      data: Buffer.concat([chunked(first), smuggled]),
    }),
  },
  {
    label: 'a content-length that ends the DATA before a second request',
    request: (path, _h, first, smuggled) => ({
      fields: [
        [':path', path],
        ['content-length', String(first.length)],
      ],
      data: Buffer.concat([first, smuggled]),
    }),
  },
  {
    label: 'a field value with CR LF and a transfer-encoding line, the chunked body ending before a second request',
    request: (path, _h, first, smuggled) => ({
      fields: [
        [':path', path],
        ['x-note', 'a\r\ntransfer-encoding: chunked'],
      ],
      data: Buffer.concat([chunked(first), smuggled]),
    }),
  },
  {
    label: 'a field value with CR LF ending the head, a second request after it',
    request: (path, _h, first, smuggled) => ({
      fields: [
        [':path', path],
        ['x-note', `a\r\ncontent-length: 0\r\n\r\n${latin1(smuggled)}`],
      ],
      data: first,
    }),
  },
  {
    label: ':path with CR LF ending the head, a second request after it',
    request: (path, host, first, smuggled) => ({
      fields: [[':path', `${path} HTTP/1.1\r\nhost: ${host}\r\ncontent-length: 0\r\n\r\n${latin1(smuggled)}GET ${path}`]],
      data: first,
    }),
  },
];

/** The stream as sent: the pseudo-fields (with the probe's :path), content-type, then the probe's fields. */
function streamOf(api: ProviderApi, probe: Probe, first: Buffer, smuggled: Buffer): H2Request {
  const url = new URL(api.baseUrl);
  const path = `${url.pathname.replace(/\/$/, '')}${api.profile.paths.invoice}`;
  const { fields, data } = probe.request(path, url.host, first, smuggled);
  const pathField = fields.find(([n]) => n === ':path')![1];
  const pseudo = pseudoFields(api.baseUrl, pathField);
  return { fields: [...pseudo, ['content-type', 'application/json'], ...fields.filter(([n]) => n !== ':path')], data };
}

const shown = (o: H2Outcome) =>
  o.reset !== undefined
    ? `RST_STREAM (error code ${o.reset})`
    : o.goaway !== undefined
      ? `GOAWAY (error code ${o.goaway})`
      : o.ended === 'answered'
        ? `HTTP ${o.status ?? '(a :status not read)'} ${o.body.toString('utf8').slice(0, 300)}`
        : `no answer (${o.ended})`;

/** The frames as a raw HTTP/2 client sends them again (curl and nghttp2 refuse these fields). */
function replayOf(baseUrl: string, sent: H2Request): string {
  const how = new URL(baseUrl).protocol === 'https:' ? 'TLS with ALPN h2' : 'cleartext with prior knowledge (h2c)';
  // Values are written byte for byte (latin1); shown as the UTF-8 text those bytes are.
  const fields = sent.fields.map(([n, v]) => `${n}: ${JSON.stringify(Buffer.from(v, 'latin1').toString('utf8'))}`).join(', ');
  return `HTTP/2 to ${new URL(baseUrl).host}, ${how}, stream 1: HEADERS ${fields}; DATA ${JSON.stringify(sent.data.toString('utf8'))} (curl and nghttp2 refuse these fields: send the frames with a raw client such as suite/harness/h2-exchange.ts)`;
}

/**
 * Signed invoices as HTTP/2 streams framed for a downgrading front (transfer-encoding, a short content-length, CR LF in
 * a value and in :path), each carrying a second signed invoice: the second is neither answered nor carried out.
 */
export function h2DowngradeSmugglesNothing(): ApiCheck {
  return {
    name: 'h2DowngradeSmugglesNothing()',
    title:
      'over HTTP/2, an invoice with transfer-encoding, a short content-length, or CR LF in a value or :path is refused or answered alone: the second request its bytes carry is never carried out',
    rules: [H2_DOWNGRADE],
    async run({ api }) {
      for (const [i, probe] of PROBES.entries()) {
        // The first stream tells whether the provider speaks h2 at all: one connection, nothing but the preface and SETTINGS sent.
        const notH2 = await step(probe.label, async () => {
          const first = validRequest(api, 'invoice');
          const second = validRequest(api, 'invoice');
          const smuggled = message(api, [`Content-Length: ${second.body.length}`], second.body);
          const sent = streamOf(api, probe, first.body, smuggled);
          const outcome = await sendH2(api.baseUrl, sent, api.requestTimeoutMs);
          if (outcome.notH2 !== undefined && i === 0) return outcome.notH2;
          if (!outcome.connected || outcome.notH2 !== undefined)
            throw new ProviderUnavailable(`an HTTP/2 connection to ${api.baseUrl}: ${outcome.notH2 ?? outcome.ended}`);
          const echo = outcome.body.includes(second.transaction!);
          const lookedUp = await known(api, second.transaction!, H2_DOWNGRADE);
          if (echo || lookedUp)
            throw new CheckFailure({
              rule: H2_DOWNGRADE,
              expected: `${probe.label}: the stream refused (RST_STREAM, GOAWAY, a 4xx: RFC 9113 8.2.1, 8.2.2, 8.1.1) or answered as the one invoice it is; the invoice of transaction ${second.transaction} its bytes carry neither answered nor carried out`,
              received: `${shown(outcome)}${echo ? `; the answer is the carried invoice's (transaction ${second.transaction})` : ''}${lookedUp ? `; ${lookedUp}` : ''}`,
              replay: replayOf(api.baseUrl, sent),
            });
          return undefined;
        });
        requireProfile(notH2 === undefined, `the provider does not speak HTTP/2 (${notH2}): ASVS 4.2.3 and 4.2.4 concern HTTP/2 and HTTP/3 only`);
      }
    },
  };
}
