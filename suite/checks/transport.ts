// Transport rules on every path: POST only (the document; 405 is the profile's answer), JSON answers
// (the profile), and the version in the path (Versioning).
import { randomUUID } from 'node:crypto';
import { buildAccount2CardRequest, buildInvoiceRequest, buildStatusRequest } from '../../generators/builders.js';
import { missingFieldVariants } from '../../generators/variants/index.js';
import type { Exchange } from '../harness/exchange.js';
import { CheckFailure } from '../harness/failure.js';
import { expectJsonContentType, expectStatus, responseOf } from '../harness/expect-response.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import type { Operation } from '../../contracts/operations.js';
import { knownTransaction } from './known-transaction.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS } from './operations.js';
import { vehicleFile } from '../../generators/vehicle-files.js';

const OTHER_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE'] as const;

/** Skips a check of the operation when the configuration cannot send it (no X-Sign key, no status method). */
function requireOperation(api: ProviderApi, op: Operation): void {
  if (op === 'account2card') PAYMENT_OPERATIONS.account2card.requireConfigured(api);
  if (op === 'status') requireProfile(api.profile.status.enabled, 'profile status.enabled is false');
}

/** A body a method other than POST carries: a valid request, so that only the method is wrong. */
function bodyFor(api: ProviderApi, op: Operation): string | undefined {
  if (op === 'invoice') return JSON.stringify(buildInvoiceRequest(api.merchant));
  if (op === 'account2card') return JSON.stringify(buildAccount2CardRequest(api.merchant));
  if (op === 'status') return JSON.stringify(buildStatusRequest(api.merchant, randomUUID()));
  return undefined;
}

/** GET, PUT, PATCH and DELETE on the operation's path get the profile's 405. */
export function otherMethodsRefused(op: Operation): ApiCheck {
  return {
    name: `otherMethodsRefused(${op})`,
    title: `methods other than POST on the ${OPERATION_NAMES[op].label} path get 405`,
    // The status method is the profile's: the document's "all operations are POST" does not cover it.
    rules: op === 'status' ? ['PRO-HTTP-405'] : ['PRO-HTTP-405', 'DOC-HTTP-POST'],
    async run({ api }) {
      requireOperation(api, op);
      for (const method of OTHER_METHODS)
        await step(method, async () => {
          const body = method === 'GET' || method === 'DELETE' ? undefined : bodyFor(api, op);
          const exchange = await api.request(method, api.profile.paths[op], body, body === undefined ? undefined : { 'content-type': 'application/json' });
          expectStatus(exchange, 'PRO-HTTP-405', api.profile.http.methodNotAllowed, `${method} is not allowed`);
        });
    },
  };
}

/** The refusals (and, for status, every answer) an operation can give, each sent once. */
const PROBES: Record<Operation, { title: string; probes: (api: ProviderApi) => [string, () => Promise<Exchange>][] }> = {
  invoice: {
    title: 'validation and error answers on the invoice path are application/json',
    probes: (api) => ['{}', '{', '[]'].map((raw) => [`body ${raw}`, () => api.invoice(undefined, { rawBody: raw })]),
  },
  account2card: {
    title: 'validation, X-Sign and malformed-body answers on the account to card path are application/json',
    probes: (api) => [
      ['validation failure', () => api.account2card(missingFieldVariants('account2card', api.merchant).find((v) => v.missing === 'absent')!.body)],
      ['missing X-Sign', () => api.account2card(buildAccount2CardRequest(api.merchant), { xSign: null })],
      ...['{', '[]'].map((raw): [string, () => Promise<Exchange>] => [`body ${raw}`, () => api.account2card(undefined, { rawBody: raw })]),
    ],
  },
  upload: {
    title: 'validation answers on the upload path are application/json',
    probes: (api) => [
      ['no parts', () => api.upload({})],
      ['unknown api_key', () => api.upload({ api_key: `unknown-${randomUUID()}`, file: vehicleFile() })],
    ],
  },
  status: {
    title: 'status answers (success, not found, validation) are application/json',
    probes: (api) => [
      ['a known transaction', async () => api.status(buildStatusRequest(api.merchant, (await knownTransaction(api)).transaction))],
      ['an unknown transaction', () => api.status(buildStatusRequest(api.merchant, randomUUID()))],
      ['an empty body', () => api.status({})],
    ],
  },
};

/** Every answer the probes get carries Content-Type application/json. */
export function answersSentAsJson(op: Operation): ApiCheck {
  return {
    name: `answersSentAsJson(${op})`,
    title: PROBES[op].title,
    rules: ['PRO-HTTP-CONTENT-TYPE'],
    async run({ api }) {
      requireOperation(api, op);
      requireProfile(api.profile.http.jsonContentType, 'profile http.jsonContentType is false');
      for (const [label, send] of PROBES[op].probes(api)) await step(label, async () => expectJsonContentType(await send(), 'PRO-HTTP-CONTENT-TYPE'));
    },
  };
}

/** The operation's path is under /api/v1/ and exists there (any answer but 404). */
export function versionedPath(op: Exclude<Operation, 'status'>): ApiCheck {
  return {
    name: `versionedPath(${op})`,
    title: `the ${OPERATION_NAMES[op].label} operation lives under /api/v1/`,
    rules: ['DOC-VER-PATH'],
    async run({ api }) {
      requireOperation(api, op);
      const path = api.profile.paths[op];
      if (!path.startsWith('/api/v1/'))
        throw new CheckFailure({ rule: 'DOC-VER-PATH', expected: 'a path under /api/v1/', received: `profile paths.${op} ${path}` });
      const exchange = op === 'upload' ? await api.upload({}) : await api.request('POST', path, '{}', { 'content-type': 'application/json' });
      if (responseOf(exchange, 'DOC-VER-PATH', 'an answer at the versioned path').status === 404)
        throw new CheckFailure({ rule: 'DOC-VER-PATH', expected: 'the operation to exist at its versioned path', received: 'HTTP 404', exchange });
    },
  };
}
