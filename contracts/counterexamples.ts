/**
 * Documents that each contract schema must reject, each with the diagnostics it must
 * produce (path = instancePath, keyword, and optionally params). Asserting the diagnostics,
 * not only `valid === false`, means that removing any single rule from a schema makes a
 * case fail; the self-test contracts-schemas-mutation proves it rule by rule.
 */
import { validExamples } from './examples.js';
import type { SchemaName } from './schema-files.js';

interface ExpectedDiagnostic {
  path: string;
  keyword: string;
  /** Each listed param must equal the diagnostic's (others are ignored). */
  params?: Record<string, unknown>;
}

export interface Counterexample {
  /** Reads as a sentence after "rejects". */
  name: string;
  schema: SchemaName;
  data: unknown;
  /** Every one of these must be among the diagnostics. */
  expect: ExpectedDiagnostic[];
}

const DELETE = Symbol('delete');

/** A deep copy of `base` with the value at JSON Pointer `pointer` replaced (or deleted). */
function withValue(base: unknown, pointer: string, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = parts.pop()!;
  let node: Record<string, unknown> = copy;
  for (const p of parts) node = node[p] as Record<string, unknown>;
  if (value === DELETE) delete node[last];
  else node[last] = value;
  return copy;
}
const without = (base: unknown, pointer: string) => withValue(base, pointer, DELETE);

const invoiceRequest = validExamples['invoice-request'][0];
const invoiceResponse = validExamples['invoice-response'][0];
const account2cardRequest = validExamples['account2card-request'][0];
const account2cardResponse = validExamples['account2card-response'][0];
const statusRequest = validExamples['status-request'][0];
const statusResponse = validExamples['status-response'][0];
const callbackBody = validExamples.callback[0];
const uploadRequest = validExamples['upload-request'][0];
const profile = validExamples.profile[0];

const cases: Counterexample[] = [];
const add = (schema: SchemaName, name: string, data: unknown, ...expect: ExpectedDiagnostic[]) => cases.push({ schema, name, data, expect });

// ---- Every required key, for every closed document shape (one case per key). ----
const REQUIRED: Array<[SchemaName, unknown, string, string[]]> = [
  ['invoice-request', invoiceRequest, '', ['api_key', 'transaction', 'signature', 'amount', 'description', 'return_url', 'payload']],
  ['invoice-request', invoiceRequest, '/payload', ['client_id', 'client_ip']],
  ['invoice-response', invoiceResponse, '', ['transaction', 'redirect_url', 'payment', 'deeplink']],
  ['invoice-response', invoiceResponse, '/payment', ['id', 'state', 'error_code', 'error_description', 'credentials', 'created_at']],
  ['message-error', { message: 'x' }, '', ['message']],
  ['account2card-request', account2cardRequest, '', ['api_key', 'transaction', 'signature', 'amount', 'payer_fio', 'payer_phone', 'recipient_pan']],
  ['upload-request', uploadRequest, '', ['api_key', 'file']],
  ['account2card-response', account2cardResponse, '', ['transaction', 'payment']],
  ['status-request', statusRequest, '', ['api_key', 'transaction', 'signature']],
  ['status-response', statusResponse, '', ['transaction', 'payment']],
  ['callback', callbackBody, '', ['transaction', 'payment', 'payload']],
  ['upload-response', { message: 'ok' }, '', ['message']],
];
for (const [schema, base, at, keys] of REQUIRED) {
  for (const key of keys) {
    add(schema, `a document without ${at}/${key}`, without(base, `${at}/${key}`), {
      path: at,
      keyword: 'required',
      params: { missingProperty: key },
    });
  }
}
// Credentials: required within each shape (the other branch fails on additionalProperties).
add(
  'credentials',
  'fps credentials without holder',
  { phone: '79001234567' },
  { path: '', keyword: 'required', params: { missingProperty: 'holder' } },
  { path: '', keyword: 'oneOf' },
);
add(
  'credentials',
  'fps credentials without phone',
  { holder: 'Ivan' },
  { path: '', keyword: 'required', params: { missingProperty: 'phone' } },
  { path: '', keyword: 'oneOf' },
);

// ---- Every closed object rejects an unknown field. ----
const CLOSED: Array<[SchemaName, unknown, string]> = [
  ['invoice-request', invoiceRequest, ''],
  ['invoice-response', invoiceResponse, ''],
  ['invoice-response', invoiceResponse, '/payment'],
  ['payment', validExamples.payment[0], ''],
  ['message-error', { message: 'x' }, ''],
  ['account2card-request', account2cardRequest, ''],
  ['upload-request', uploadRequest, ''],
  ['account2card-response', account2cardResponse, ''],
  ['status-request', statusRequest, ''],
  ['status-response', statusResponse, ''],
  ['callback', callbackBody, ''],
  ['upload-response', { message: 'ok' }, ''],
];
for (const [schema, base, at] of CLOSED) {
  add(schema, `an unknown field in ${at || 'the top level'}`, withValue(base, `${at}/unexpected_field`, 1), {
    path: at,
    keyword: 'additionalProperties',
    params: { additionalProperty: 'unexpected_field' },
  });
  const notObject = (v: unknown) => (at ? withValue(base, at, v) : v);
  add(schema, `${at || 'a document'} that is an array`, notObject([base]), { path: at, keyword: 'type', params: { type: 'object' } });
  add(schema, `${at || 'a document'} that is a string`, notObject('{}'), { path: at, keyword: 'type', params: { type: 'object' } });
}

// ---- payment ----
add('invoice-response', 'state pending', withValue(invoiceResponse, '/payment/state', 'pending'), { path: '/payment/state', keyword: 'enum' });
add('invoice-response', 'state as a number', withValue(invoiceResponse, '/payment/state', 1), { path: '/payment/state', keyword: 'type' });
add('invoice-response', 'id as a string', withValue(invoiceResponse, '/payment/id', '1001'), {
  path: '/payment/id',
  keyword: 'type',
  params: { type: 'integer' },
});
add('invoice-response', 'id as a fraction', withValue(invoiceResponse, '/payment/id', 1.5), {
  path: '/payment/id',
  keyword: 'type',
  params: { type: 'integer' },
});
add(
  'invoice-response',
  'error_code an empty string',
  withValue(invoiceResponse, '/payment/error_code', ''),
  { path: '/payment/error_code', keyword: 'minLength' },
  { path: '/payment/error_code', keyword: 'oneOf' },
);
add(
  'invoice-response',
  'error_code a boolean',
  withValue(invoiceResponse, '/payment/error_code', false),
  { path: '/payment/error_code', keyword: 'type', params: { type: 'null' } },
  { path: '/payment/error_code', keyword: 'type', params: { type: 'string' } },
  { path: '/payment/error_code', keyword: 'type', params: { type: 'integer' } },
  { path: '/payment/error_code', keyword: 'oneOf' },
);
add('invoice-response', 'error_code a fraction', withValue(invoiceResponse, '/payment/error_code', 1.5), {
  path: '/payment/error_code',
  keyword: 'type',
  params: { type: 'integer' },
});
add('invoice-response', 'error_description a number', withValue(invoiceResponse, '/payment/error_description', 5), {
  path: '/payment/error_description',
  keyword: 'type',
});
add(
  'invoice-response',
  'created_at in ISO form',
  withValue(invoiceResponse, '/payment/created_at', '2024-02-29T23:59:59.123456Z'),
  { path: '/payment/created_at', keyword: 'pattern' },
  { path: '/payment/created_at', keyword: 'format', params: { format: 'pts-created-at' } },
);
add('invoice-response', 'created_at on 30 February', withValue(invoiceResponse, '/payment/created_at', '20230230T120000.000000Z'), {
  path: '/payment/created_at',
  keyword: 'format',
  params: { format: 'pts-created-at' },
});
add('invoice-response', 'created_at as a number', withValue(invoiceResponse, '/payment/created_at', 20240101), {
  path: '/payment/created_at',
  keyword: 'type',
});

// ---- credentials ----
add(
  'invoice-response',
  'a phone with a plus sign',
  withValue(invoiceResponse, '/payment/credentials', { phone: '+79001234567', holder: 'Ivan' }),
  { path: '/payment/credentials/phone', keyword: 'pattern' },
  { path: '/payment/credentials', keyword: 'oneOf' },
);
add('credentials', 'a phone of 9 digits', { phone: '790012345', holder: 'Ivan' }, { path: '/phone', keyword: 'pattern' });
add('credentials', 'a phone of 16 digits', { phone: '7900123456789012', holder: 'Ivan' }, { path: '/phone', keyword: 'pattern' });
add('credentials', 'a phone as a number', { phone: 79001234567, holder: 'Ivan' }, { path: '/phone', keyword: 'type' });
add('credentials', 'holder as a number', { phone: '79001234567', holder: 7 }, { path: '/holder', keyword: 'type' });
add('credentials', 'card_pan as a number', { card_pan: 4111111111111111 }, { path: '/card_pan', keyword: 'type' });
add(
  'invoice-response',
  'both credential shapes in one object',
  withValue(invoiceResponse, '/payment/credentials', { card_pan: '4111111111111111', phone: '79001234567', holder: 'Ivan' }),
  { path: '/payment/credentials', keyword: 'additionalProperties', params: { additionalProperty: 'phone' } },
  { path: '/payment/credentials', keyword: 'additionalProperties', params: { additionalProperty: 'card_pan' } },
  { path: '/payment/credentials', keyword: 'oneOf' },
);
add(
  'invoice-response',
  'neither credential shape',
  withValue(invoiceResponse, '/payment/credentials', {}),
  { path: '/payment/credentials', keyword: 'required', params: { missingProperty: 'card_pan' } },
  { path: '/payment/credentials', keyword: 'required', params: { missingProperty: 'phone' } },
  { path: '/payment/credentials', keyword: 'oneOf' },
);
add('credentials', 'credentials as an array', [], { path: '', keyword: 'type', params: { type: 'object' } }, { path: '', keyword: 'oneOf' });

// ---- deeplink ----
add('invoice-response', 'a lower-case deeplink key', withValue(invoiceResponse, '/deeplink/sber_FOREIGN', 'https://sber.example/'), {
  path: '/deeplink',
  keyword: 'propertyNames',
  params: { propertyName: 'sber_FOREIGN' },
});
add('invoice-response', 'a deeplink key without _FOREIGN', withValue(invoiceResponse, '/deeplink/SBER', 'https://sber.example/'), {
  path: '/deeplink',
  keyword: 'propertyNames',
  params: { propertyName: 'SBER' },
});
add('invoice-response', 'a non-URL deeplink value', withValue(invoiceResponse, '/deeplink/SBER_FOREIGN', 'not a url'), {
  path: '/deeplink/SBER_FOREIGN',
  keyword: 'format',
  params: { format: 'uri' },
});
add('invoice-response', 'a deeplink value that is a number', withValue(invoiceResponse, '/deeplink/SBER_FOREIGN', 1), {
  path: '/deeplink/SBER_FOREIGN',
  keyword: 'type',
});
add('invoice-response', 'an empty deeplink map', withValue(invoiceResponse, '/deeplink', {}), { path: '/deeplink', keyword: 'minProperties' });
add('deeplink', 'a deeplink map that is an array', ['https://a.example/'], { path: '', keyword: 'type' });

// ---- invoice response top level ----
add('invoice-response', 'transaction not a UUID', withValue(invoiceResponse, '/transaction', 'not-a-uuid'), { path: '/transaction', keyword: 'pattern' });
add('invoice-response', 'redirect_url not a URL', withValue(invoiceResponse, '/redirect_url', 'pay here'), {
  path: '/redirect_url',
  keyword: 'format',
  params: { format: 'uri' },
});
add('invoice-response', 'redirect_url a number', withValue(invoiceResponse, '/redirect_url', 5), { path: '/redirect_url', keyword: 'type' });

// ---- error bodies ----
add(
  'message-error',
  'an extra field in a message error',
  { message: 'Unknown error', code: 500 },
  { path: '', keyword: 'additionalProperties', params: { additionalProperty: 'code' } },
);
add('message-error', 'an empty message', { message: '' }, { path: '/message', keyword: 'minLength' });
add('message-error', 'a message that is not a string', { message: 1 }, { path: '/message', keyword: 'type' });
add('message-error', 'a message error that is an array', [], { path: '', keyword: 'type' });
add('validation-error', 'a validation value that is a string', { api_key: 'required' }, { path: '/api_key', keyword: 'type', params: { type: 'array' } });
add('validation-error', 'a validation value that is an empty array', { api_key: [] }, { path: '/api_key', keyword: 'minItems' });
add(
  'validation-error',
  'a validation value that is an array of numbers',
  { api_key: [1] },
  { path: '/api_key/0', keyword: 'type', params: { type: 'string' } },
);
add('validation-error', 'an empty validation body', {}, { path: '', keyword: 'minProperties' });
add('validation-error', 'an empty field name', { '': ['required'] }, { path: '', keyword: 'propertyNames', params: { propertyName: '' } });
add('validation-error', 'a validation body that is an array', [['required']], { path: '', keyword: 'type' });
add('upload-response', 'an empty upload message', { message: '' }, { path: '/message', keyword: 'minLength' });
add('upload-response', 'an upload message that is a number', { message: 1 }, { path: '/message', keyword: 'type' });

// ---- invoice request ----
for (const [amount, keyword] of [
  [9999, 'minimum'],
  [40000001, 'maximum'],
  [10000.5, 'type'],
  ['10000', 'type'],
] as const) {
  add('invoice-request', `invoice amount ${JSON.stringify(amount)}`, withValue(invoiceRequest, '/amount', amount), { path: '/amount', keyword });
}
add('invoice-request', 'transaction not a UUID', withValue(invoiceRequest, '/transaction', '3f2b8c1e9d4a4c7b8e2f1a2b3c4d5e6f'), {
  path: '/transaction',
  keyword: 'pattern',
});
add('invoice-request', 'transaction with a urn prefix', withValue(invoiceRequest, '/transaction', `urn:uuid:${invoiceRequest.transaction}`), {
  path: '/transaction',
  keyword: 'pattern',
});
add('invoice-request', 'transaction as a number', withValue(invoiceRequest, '/transaction', 5), { path: '/transaction', keyword: 'type' });
add('invoice-request', 'a signature of 63 characters', withValue(invoiceRequest, '/signature', invoiceRequest.signature.slice(1)), {
  path: '/signature',
  keyword: 'pattern',
});
add('invoice-request', 'a signature with a non-hex character', withValue(invoiceRequest, '/signature', 'g' + invoiceRequest.signature.slice(1)), {
  path: '/signature',
  keyword: 'pattern',
});
add('invoice-request', 'a signature as a number', withValue(invoiceRequest, '/signature', 1), { path: '/signature', keyword: 'type' });
add('invoice-request', 'api_key as a number', withValue(invoiceRequest, '/api_key', 1), { path: '/api_key', keyword: 'type' });
add('invoice-request', 'description as a number', withValue(invoiceRequest, '/description', 1), { path: '/description', keyword: 'type' });
add('invoice-request', 'return_url not a URL', withValue(invoiceRequest, '/return_url', 'merchant.example/return'), {
  path: '/return_url',
  keyword: 'format',
  params: { format: 'uri' },
});
add('invoice-request', 'return_url a number', withValue(invoiceRequest, '/return_url', 1), { path: '/return_url', keyword: 'type' });
add('invoice-request', 'a payload that is an array', withValue(invoiceRequest, '/payload', ['user-7', '198.51.100.7']), {
  path: '/payload',
  keyword: 'type',
  params: { type: 'object' },
});
add('invoice-request', 'payload.client_id as a number', withValue(invoiceRequest, '/payload/client_id', 7), { path: '/payload/client_id', keyword: 'type' });
add('invoice-request', 'payload.client_ip as a number', withValue(invoiceRequest, '/payload/client_ip', 7), { path: '/payload/client_ip', keyword: 'type' });

// ---- account to card request ----
for (const [amount, keyword] of [
  [99999, 'minimum'],
  [1500001, 'maximum'],
  [100000.5, 'type'],
] as const) {
  add('account2card-request', `account to card amount ${amount}`, withValue(account2cardRequest, '/amount', amount), { path: '/amount', keyword });
}
add('account2card-request', 'transaction not a UUID', withValue(account2cardRequest, '/transaction', 'x'), { path: '/transaction', keyword: 'pattern' });
add('account2card-request', 'a signature of 65 characters', withValue(account2cardRequest, '/signature', account2cardRequest.signature + 'A'), {
  path: '/signature',
  keyword: 'pattern',
});
for (const f of ['api_key', 'payer_fio', 'payer_phone', 'recipient_pan'] as const) {
  add('account2card-request', `${f} as a number`, withValue(account2cardRequest, `/${f}`, 1), { path: `/${f}`, keyword: 'type' });
}
add('upload-request', 'api_key as a number', withValue(uploadRequest, '/api_key', 1), { path: '/api_key', keyword: 'type' });
add('upload-request', 'file as a number', withValue(uploadRequest, '/file', 1), { path: '/file', keyword: 'type' });

// ---- profile response shapes ----
add(
  'account2card-response',
  'fast-payment credentials in an account to card response',
  withValue(account2cardResponse, '/payment/credentials', { phone: '79001234567', holder: 'Ivan' }),
  { path: '/payment/credentials', keyword: 'required', params: { missingProperty: 'card_pan' } },
  { path: '/payment/credentials', keyword: 'additionalProperties', params: { additionalProperty: 'phone' } },
);
add('account2card-response', 'a payment without its documented fields', withValue(account2cardResponse, '/payment', { credentials: { card_pan: '4111' } }), {
  path: '/payment',
  keyword: 'required',
  params: { missingProperty: 'id' },
});
add('account2card-response', 'a payment that is an array', withValue(account2cardResponse, '/payment', []), {
  path: '/payment',
  keyword: 'type',
  params: { type: 'object' },
});
add('account2card-response', 'transaction not a UUID', withValue(account2cardResponse, '/transaction', 'x'), { path: '/transaction', keyword: 'pattern' });
add('status-request', 'transaction not a UUID', withValue(statusRequest, '/transaction', 'x'), { path: '/transaction', keyword: 'pattern' });
add('status-request', 'a signature of 63 characters', withValue(statusRequest, '/signature', statusRequest.signature.slice(1)), {
  path: '/signature',
  keyword: 'pattern',
});
add('status-request', 'api_key as a number', withValue(statusRequest, '/api_key', 1), { path: '/api_key', keyword: 'type' });
add('status-response', 'transaction not a UUID', withValue(statusResponse, '/transaction', 'x'), { path: '/transaction', keyword: 'pattern' });
add('status-response', 'a payment with state pending', withValue(statusResponse, '/payment/state', 'pending'), { path: '/payment/state', keyword: 'enum' });
add('callback', 'transaction not a UUID', withValue(callbackBody, '/transaction', 'x'), { path: '/transaction', keyword: 'pattern' });
add('callback', 'a payment with state pending', withValue(callbackBody, '/payment/state', 'pending'), { path: '/payment/state', keyword: 'enum' });
add('callback', 'a callback payload that is an array', withValue(callbackBody, '/payload', []), {
  path: '/payload',
  keyword: 'type',
  params: { type: 'object' },
});

// ---- the profile file ----
/** A wrong-type value for every leaf of the default profile (from the data, not the schema). */
function leaves(node: unknown, at = ''): Array<[string, unknown]> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    return Object.entries(node).flatMap(([k, v]) => (k.startsWith('$') ? [] : leaves(v, `${at}/${k}`)));
  }
  return [[at, node]];
}
for (const [at, value] of leaves(profile)) {
  const wrong = typeof value === 'string' || value === null ? 12 : typeof value === 'number' ? 'x' : 'yes';
  for (const schema of ['profile', 'profile-override'] as const) {
    add(schema, `${at} = ${JSON.stringify(wrong)}`, withValue(profile, at, wrong), { path: at, keyword: 'type' });
  }
}
const PROFILE_SECTIONS = Object.keys(profile).filter((k) => !k.startsWith('$'));
for (const schema of ['profile', 'profile-override'] as const) {
  add(schema, 'an unknown top-level key', withValue(profile, '/colour', 'blue'), {
    path: '',
    keyword: 'additionalProperties',
    params: { additionalProperty: 'colour' },
  });
  for (const section of PROFILE_SECTIONS) {
    add(schema, `an unknown key in /${section}`, withValue(profile, `/${section}/colour`, 'blue'), {
      path: `/${section}`,
      keyword: 'additionalProperties',
      params: { additionalProperty: 'colour' },
    });
    add(schema, `/${section} that is not an object`, withValue(profile, `/${section}`, 1), {
      path: `/${section}`,
      keyword: 'type',
      params: { type: 'object' },
    });
  }
  /** The http keys that hold one status code (jsonContentType is a flag, retryAfter a list). */
  const statusKeys = Object.keys(profile.http).filter((k) => k !== 'jsonContentType' && k !== 'retryAfter');
  for (const code of statusKeys) {
    add(schema, `status code /http/${code} = 99`, withValue(profile, `/http/${code}`, 99), { path: `/http/${code}`, keyword: 'minimum' });
    add(schema, `status code /http/${code} = 600`, withValue(profile, `/http/${code}`, 600), { path: `/http/${code}`, keyword: 'maximum' });
  }
  for (const at of [
    '/invoice/deeplinkCount',
    '/invoice/createdAtToleranceSeconds',
    '/upload/maxFileBytes',
    '/callbacks/minDeliveries',
    ...statusKeys.map((k) => `/http/${k}`),
    '/http/retryAfter/0',
  ]) {
    add(schema, `${at} as a fraction`, withValue(profile, at, 200.5), { path: at, keyword: 'type', params: { type: 'integer' } });
  }
  add(schema, 'a retryAfter status code 600', withValue(profile, '/http/retryAfter/0', 600), { path: '/http/retryAfter/0', keyword: 'maximum' });
  add(schema, 'a retryAfter status twice', withValue(profile, '/http/retryAfter', [503, 503]), { path: '/http/retryAfter', keyword: 'uniqueItems' });
  add(schema, 'a retryAfter that is not a list', withValue(profile, '/http/retryAfter', 503), {
    path: '/http/retryAfter',
    keyword: 'type',
    params: { type: 'array' },
  });
  for (const p of Object.keys(profile.paths)) {
    add(schema, `path /paths/${p} without a leading slash`, withValue(profile, `/paths/${p}`, 'api/v1/x'), { path: `/paths/${p}`, keyword: 'pattern' });
  }
  add(schema, 'an empty nestedSeparator', withValue(profile, '/validation/nestedSeparator', ''), { path: '/validation/nestedSeparator', keyword: 'minLength' });
  add(schema, 'an empty requiredPattern', withValue(profile, '/validation/requiredPattern', ''), { path: '/validation/requiredPattern', keyword: 'minLength' });
  add(schema, 'initialState pending', withValue(profile, '/invoice/initialState', 'pending'), { path: '/invoice/initialState', keyword: 'enum' });
  add(schema, 'deeplinkCount 0', withValue(profile, '/invoice/deeplinkCount', 0), { path: '/invoice/deeplinkCount', keyword: 'minimum' });
  add(schema, 'a negative createdAtToleranceSeconds', withValue(profile, '/invoice/createdAtToleranceSeconds', -1), {
    path: '/invoice/createdAtToleranceSeconds',
    keyword: 'minimum',
  });
  add(schema, 'an empty invoiceClientIp', withValue(profile, '/antifraud/invoiceClientIp', ''), { path: '/antifraud/invoiceClientIp', keyword: 'minLength' });
  add(schema, 'xSignEncoding base32', withValue(profile, '/account2card/xSignEncoding', 'base32'), { path: '/account2card/xSignEncoding', keyword: 'enum' });
  add(schema, 'upload encoding application/json', withValue(profile, '/upload/encoding', 'application/json'), { path: '/upload/encoding', keyword: 'enum' });
  add(schema, 'maxFileBytes 0', withValue(profile, '/upload/maxFileBytes', 0), { path: '/upload/maxFileBytes', keyword: 'minimum' });
  add(schema, 'an empty payButton', withValue(profile, '/paymentPage/payButton', ''), { path: '/paymentPage/payButton', keyword: 'minLength' });
  add(schema, 'an empty declineButton', withValue(profile, '/paymentPage/declineButton', ''), { path: '/paymentPage/declineButton', keyword: 'minLength' });
  add(schema, 'minDeliveries 0', withValue(profile, '/callbacks/minDeliveries', 0), { path: '/callbacks/minDeliveries', keyword: 'minimum' });
  add(schema, 'waitSeconds 0', withValue(profile, '/callbacks/waitSeconds', 0), { path: '/callbacks/waitSeconds', keyword: 'exclusiveMinimum' });
  add(schema, 'quietSeconds 0', withValue(profile, '/callbacks/quietSeconds', 0), { path: '/callbacks/quietSeconds', keyword: 'exclusiveMinimum' });
  add(schema, 'settleSeconds 0', withValue(profile, '/paymentPage/settleSeconds', 0), { path: '/paymentPage/settleSeconds', keyword: 'exclusiveMinimum' });
  add(schema, '$comment as a number', withValue(profile, '/$comment', 1), { path: '/$comment', keyword: 'type' });
  add(schema, '$schema as a number', withValue(profile, '/$schema', 1), { path: '/$schema', keyword: 'type' });
  add(schema, 'a profile that is an array', [], { path: '', keyword: 'type', params: { type: 'object' } });
}
// The full profile requires every key; the override schema does not.
const profileRequired: Array<[string, string[]]> = [['', PROFILE_SECTIONS]];
for (const section of PROFILE_SECTIONS) profileRequired.push([`/${section}`, Object.keys((profile as unknown as Record<string, object>)[section])]);
// The passive look's findings: one level deeper than the other sections.
profileRequired.push(['/security/findings', Object.keys(profile.security.findings)]);
profileRequired.push(['/latency/p95Growth', Object.keys(profile.latency.p95Growth)]);
for (const schema of ['profile', 'profile-override'] as const) {
  add(schema, 'an unknown finding in /security/findings', withValue(profile, '/security/findings/colour', 'warn'), {
    path: '/security/findings',
    keyword: 'additionalProperties',
    params: { additionalProperty: 'colour' },
  });
  add(schema, '/security/findings that is not an object', withValue(profile, '/security/findings', 'warn'), {
    path: '/security/findings',
    keyword: 'type',
    params: { type: 'object' },
  });
  add(schema, 'a finding level maybe', withValue(profile, '/security/findings/framing', 'maybe'), { path: '/security/findings/framing', keyword: 'enum' });
  add(schema, 'gate.advice maybe', withValue(profile, '/gate/advice', 'maybe'), { path: '/gate/advice', keyword: 'enum' });
  add(schema, 'gate.rules that is not an object', withValue(profile, '/gate/rules', 'fail'), { path: '/gate/rules', keyword: 'type' });
  add(schema, 'a gate rule that is no rule ID', withValue(profile, '/gate/rules/hsts', 'fail'), { path: '/gate/rules', keyword: 'pattern' });
  add(schema, 'a gate rule level maybe', withValue(profile, '/gate/rules/PRO-SEC-HSTS', 'maybe'), { path: '/gate/rules/PRO-SEC-HSTS', keyword: 'enum' });
  add(schema, 'a gate rule level as a number', withValue(profile, '/gate/rules/PRO-SEC-HSTS', 1), { path: '/gate/rules/PRO-SEC-HSTS', keyword: 'type' });
  add(schema, 'blankTextIsMissing maybe', withValue(profile, '/validation/blankTextIsMissing', 'maybe'), {
    path: '/validation/blankTextIsMissing',
    keyword: 'anyOf',
  });
  add(schema, 'latency.p95Growth that is not an object', withValue(profile, '/latency/p95Growth', 1.5), { path: '/latency/p95Growth', keyword: 'type' });
  add(schema, 'latency.p95Growth.ratio below 1', withValue(profile, '/latency/p95Growth/ratio', 0.5), { path: '/latency/p95Growth/ratio', keyword: 'minimum' });
  add(schema, 'latency.p95Growth.ms below 0', withValue(profile, '/latency/p95Growth/ms', -1), { path: '/latency/p95Growth/ms', keyword: 'minimum' });
  add(schema, 'an unknown key in latency.p95Growth', withValue(profile, '/latency/p95Growth/colour', 1), {
    path: '/latency/p95Growth',
    keyword: 'additionalProperties',
    params: { additionalProperty: 'colour' },
  });
  add(schema, 'latency.gate maybe', withValue(profile, '/latency/gate', 'maybe'), { path: '/latency/gate', keyword: 'enum' });
}
for (const [at, keys] of profileRequired) {
  for (const key of keys) {
    add('profile', `a complete profile without ${at}/${key}`, without(profile, `${at}/${key}`), {
      path: at,
      keyword: 'required',
      params: { missingProperty: key },
    });
  }
}

/** Every counter-example, in a stable order. */
export const counterexamples: readonly Counterexample[] = cases;

/** The expected diagnostics that `actual` lacks (empty when the case holds). */
export function missingDiagnostics(
  expected: readonly ExpectedDiagnostic[],
  actual: ReadonlyArray<{ path: string; keyword: string; params: Record<string, unknown> }>,
): ExpectedDiagnostic[] {
  return expected.filter(
    (e) =>
      !actual.some(
        (a) =>
          a.path === e.path && a.keyword === e.keyword && Object.entries(e.params ?? {}).every(([k, v]) => JSON.stringify(a.params[k]) === JSON.stringify(v)),
      ),
  );
}
