// A passive look at an operation's answer (ZAP's passive scan rules 10021, 10036/10037, 10098; API8:2023
// Security Misconfiguration): one valid request carrying an Origin of a site the provider cannot know, and
// what its answer's headers tell: CORS that lets that site read it with credentials, a type browsers may
// sniff, the software and its version. The profile's `security.findings` says which fail and which warn.
import { randomBytes } from 'node:crypto';
import type { Operation } from '../../contracts/operations.js';
import { step, type ApiCheck } from '../harness/check.js';
import { responseOf } from '../harness/expect-response.js';
import type { Exchange } from '../harness/exchange.js';
import { judgeFindings, requireFindings } from '../harness/findings.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { bannerFindings, corsFindings, CORS_RULE, headerLines, nosniffFindings, type SeenAnswer } from './header-findings.js';
import { hstsFindings } from './document-header-findings.js';
import { article, OPERATION_NAMES } from './operations.js';
import { requireSigned, sendSigned, signedBody } from './signed-operations.js';
import { vehicleFile } from '../../generators/vehicle-files.js';

/** The operation's valid request with `headers` added. */
async function sendValid(api: ProviderApi, op: Operation, headers: Record<string, string>): Promise<Exchange> {
  if (op === 'upload') return api.upload({ api_key: api.merchant.apiKey, file: vehicleFile() }, { headers });
  requireSigned(api, op);
  return sendSigned(api, op, await signedBody(api, op), { headers });
}

/** The answer to a valid request from another site's page: no credentialed CORS for it, nosniff on JSON, no version banner, HSTS over https. */
export function answerHeadersSafe(op: Operation): ApiCheck {
  return {
    name: `answerHeadersSafe(${op})`,
    title: `the answer to ${article(OPERATION_NAMES[op].request)} from another site's origin grants it no credentialed CORS, carries nosniff, tells no software version and, over https, carries HSTS`,
    rules: ['PRO-SEC-CORS-NO-CREDENTIALED-ORIGIN', 'PRO-SEC-CONTENT-TYPE-NOSNIFF', 'PRO-SEC-NO-VERSION-BANNER', 'PRO-SEC-HSTS'],
    async run({ api }) {
      requireFindings(api, ['corsCredentials', 'nosniff', 'versionBanner', 'hsts']);
      const origin = `https://pts-${randomBytes(4).toString('hex')}.attacker.example`;
      await step(`a valid request with Origin ${origin}`, async () => {
        const exchange = await sendValid(api, op, { origin });
        const res = responseOf(exchange, CORS_RULE, 'an answer to a valid request');
        const a: SeenAnswer = { where: `${exchange.request.method} ${exchange.request.url} (HTTP ${res.status})`, headers: headerLines(res.headers) };
        const json = /json/i.test(res.headers['content-type'] ?? '');
        judgeFindings(
          api,
          [
            ...corsFindings(a, origin),
            ...(json ? nosniffFindings(a) : []),
            ...bannerFindings(a),
            ...hstsFindings(a, /^https:/i.test(exchange.request.url)),
          ].map((f) => ({ ...f, exchange })),
        );
      });
    },
  };
}
