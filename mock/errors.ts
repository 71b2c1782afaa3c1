/**
 * Every non-validation error response of the provider, as a named constant (status + message).
 * Handlers answer with `sendError(res, ctx.out, ctx.errors.x)`: ctx.errors is this table with the
 * statuses of the provider's profile and the messages of its wording, resolved once per provider.
 */
import type { Profile } from './profile.js';

export interface ErrorResponse {
  readonly status: number;
  readonly message: string;
}

/** The default profile's statuses, English messages. */
const ERRORS = {
  notFound: { status: 404, message: 'Not found' },
  methodNotAllowed: { status: 405, message: 'Method not allowed; use POST' },
  unsupportedMediaType: { status: 415, message: 'Unsupported content type; send application/json' },
  unsupportedMediaTypeUpload: { status: 415, message: 'Unsupported content type; send multipart/form-data' },
  unsupportedContentCoding: { status: 415, message: 'Unsupported content coding; send the body uncoded' },
  notAcceptable: { status: 406, message: 'Not acceptable; this operation answers application/json' },
  payloadTooLarge: { status: 413, message: 'Request body too large' },
  malformedJson: { status: 400, message: 'Request body is not valid JSON' },
  notAnObject: { status: 400, message: 'Request body must be a JSON object' },
  malformedMultipart: { status: 400, message: 'Malformed multipart/form-data body' },
  badRequest: { status: 400, message: 'Bad request' },
  headersTooLarge: { status: 431, message: 'Request headers too large' },
  xSignMissing: { status: 401, message: 'Missing X-Sign header' },
  xSignInvalid: { status: 401, message: 'Invalid X-Sign signature' },
  antiFraud: { status: 403, message: 'Anti-fraud refusal' },
  paymentNotFound: { status: 404, message: 'Payment not found' },
  pageNotFound: { status: 404, message: 'Payment page not found' },
  finalState: { status: 409, message: 'Payment is already in a final state' },
  /** Variation rate-limit-429. */
  rateLimited: { status: 429, message: 'Too many requests; retry later' },
  /** Fault wrong-type-400: a deserialisation error instead of a validation failure. */
  wrongType: { status: 400, message: 'Could not deserialize the request body: a field has the wrong type' },
  /** Fault upload-validation-400. */
  uploadInvalid: { status: 400, message: 'Invalid upload request' },
  unknown: { status: 500, message: 'Unknown error' },
} as const satisfies Record<string, ErrorResponse>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorTable = { readonly [K in ErrorName]: ErrorResponse };

/** Which profile status each kind of error takes (the others are fixed by HTTP). */
const PROFILE_STATUS: Partial<Record<ErrorName, Exclude<keyof Profile['http'], 'jsonContentType' | 'retryAfter'>>> = {
  notFound: 'notFound',
  methodNotAllowed: 'methodNotAllowed',
  malformedJson: 'malformed',
  notAnObject: 'malformed',
  malformedMultipart: 'malformed',
  xSignMissing: 'unauthorized',
  xSignInvalid: 'unauthorized',
  antiFraud: 'antifraud',
  paymentNotFound: 'notFound',
  pageNotFound: 'notFound',
  unknown: 'serverError',
};

export function errorTable(http: Profile['http'], messages: Record<ErrorName, string>): ErrorTable {
  const table = {} as Record<ErrorName, ErrorResponse>;
  for (const name of Object.keys(ERRORS) as ErrorName[]) {
    const key = PROFILE_STATUS[name];
    table[name] = Object.freeze({ status: key ? http[key] : ERRORS[name].status, message: messages[name] });
  }
  return Object.freeze(table);
}
