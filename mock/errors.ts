/**
 * Every non-validation error response of the provider, as a named constant
 * (status + message). Handlers answer with `sendError(res, ctx, ERRORS.x)`.
 */
export interface ErrorResponse {
  readonly status: number;
  readonly message: string;
}

export const ERRORS = {
  notFound: { status: 404, message: 'Not found' },
  methodNotAllowed: { status: 405, message: 'Method not allowed; use POST' },
  unsupportedMediaType: { status: 415, message: 'Unsupported content type; send application/json' },
  unsupportedMediaTypeUpload: { status: 415, message: 'Unsupported content type; send multipart/form-data' },
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
  unknown: { status: 500, message: 'Unknown error' },
} as const satisfies Record<string, ErrorResponse>;

export const UPLOAD_ACCEPTED = 'File accepted';
