/**
 * The profile the provider follows (ProviderOptions.profile): a complete profile object, the shape of
 * contracts/profile.default.json. The default is written out here rather than read from contracts/, so
 * that the provider stays independent of the suite's code; a provider test keeps the two equal.
 */
import type { Profile } from '../contracts/types.gen.js';

export type { Profile };

export const DEFAULT_PROFILE: Profile = deepFreeze({
  paths: {
    invoice: '/api/v1/payments/card2account/invoice',
    account2card: '/api/v1/payments/account2card',
    upload: '/api/v1/psa/upload-transports',
    status: '/api/v1/payments/status',
  },
  http: {
    jsonContentType: true,
    methodNotAllowed: 405,
    success: 200,
    validation: 422,
    malformed: 400,
    unauthorized: 401,
    antifraud: 403,
    notFound: 404,
    serverError: 500,
    retryAfter: [429, 503],
  },
  validation: {
    reportsAllFields: true,
    nestedSeparator: '.',
    requiredPattern: 'required',
    nullIsMissing: true,
    emptyStringIsMissing: true,
    signatureCaseInsensitive: true,
    duplicateTransactionRejected: true,
  },
  invoice: { initialState: 'processing', deeplinkCount: 3, createdAtToleranceSeconds: 300 },
  antifraud: { invoiceClientIp: '203.0.113.66' },
  account2card: { xSignEncoding: 'base64', xSignCheckedFirst: true, successBody: true },
  upload: { encoding: 'multipart/form-data', maxFileBytes: 10 * 1024 * 1024 },
  status: { enabled: true },
  paymentPage: { enabled: true, payButton: 'Pay', declineButton: 'Decline', settleSeconds: 3 },
  callbacks: { enabled: true, minDeliveries: 3, waitSeconds: 20, quietSeconds: 5 },
  security: {
    findings: {
      framing: 'fail',
      sharedCache: 'fail',
      noStore: 'warn',
      nosniff: 'warn',
      htmlCharset: 'warn',
      versionBanner: 'warn',
      corsCredentials: 'fail',
      cookieFlags: 'warn',
    },
  },
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}

/**
 * The few checks a misuse would otherwise turn into odd behaviour (the suite validates profiles with
 * their schema; the provider only refuses what it cannot follow).
 */
export function checkProfile(p: Profile): Profile {
  const fail = (what: string) => {
    throw new Error(`startProvider: profile ${what}`);
  };
  for (const [k, v] of Object.entries(p.paths)) if (typeof v !== 'string' || !v.startsWith('/')) fail(`paths.${k} must start with "/"`);
  const isStatus = (v: unknown) => Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599;
  for (const [k, v] of Object.entries(p.http))
    if (k === 'retryAfter' ? !(Array.isArray(v) && v.every(isStatus)) : k !== 'jsonContentType' && !isStatus(v))
      fail(`http.${k} must be ${k === 'retryAfter' ? 'a list of status codes' : 'a status code'}`);
  if (!Number.isInteger(p.invoice.deeplinkCount) || p.invoice.deeplinkCount < 1) fail('invoice.deeplinkCount must be a positive integer');
  if (!Number.isInteger(p.upload.maxFileBytes) || p.upload.maxFileBytes < 1) fail('upload.maxFileBytes must be a positive integer');
  if (!Number.isInteger(p.callbacks.minDeliveries)) fail('callbacks.minDeliveries must be an integer');
  if (!p.validation.nestedSeparator) fail('validation.nestedSeparator must not be empty');
  try {
    new RegExp(p.validation.requiredPattern, 'i');
  } catch {
    fail(`validation.requiredPattern is not a regular expression: ${p.validation.requiredPattern}`);
  }
  return p;
}
