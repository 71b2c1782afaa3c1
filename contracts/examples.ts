/**
 * Sample documents valid against each contract schema. Typed by the generated types, so a
 * schema change that the types miss fails the typecheck too. Self-tests assert each one is
 * valid; generators and the mock may use them as seeds.
 *
 * `validExamples` feed the schema self-tests (the first of each is the base of the
 * counter-examples); `openapiExamples`, below, are the realistic examples of openapi.json.
 */
import { readFileSync } from 'node:fs';
import type { SchemaName } from './schema-files.js';
import type { SchemaTypeMap } from './types.gen.js';

export const UUID = '3f2b8c1e-9d4a-4c7b-8e2f-1a2b3c4d5e6f';
export const SHA256 = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
export const CREATED_AT = '20240229T235959.123456Z';

const cardPayment = {
  id: 1001,
  state: 'processing',
  error_code: null,
  error_description: null,
  credentials: { card_pan: '4111111111111111' },
  created_at: CREATED_AT,
} satisfies SchemaTypeMap['payment'];

const fpsPayment = {
  id: 1002,
  state: 'declined',
  error_code: 'E_DECLINED',
  error_description: 'Declined by the payer',
  credentials: { phone: '79001234567', holder: 'Ivan Ivanov' },
  created_at: '20230101T000000.000000Z',
} satisfies SchemaTypeMap['payment'];

const deeplink = {
  SBER_FOREIGN: 'https://sber.example/pay?id=1',
  TINKOFF_FOREIGN: 'https://tinkoff.example/pay?id=1',
  VTB24_FOREIGN: 'bank://vtb/pay/1',
} satisfies SchemaTypeMap['deeplink'];

const invoiceRequest = {
  api_key: 'merchant-key-1',
  transaction: UUID,
  signature: SHA256,
  amount: 10000,
  description: 'Order 42',
  return_url: 'https://merchant.example/return?order=42',
  payload: { client_id: 'user-7', client_ip: '198.51.100.7', campaign: 'spring', nested: { a: [1, 2] } },
} satisfies SchemaTypeMap['invoice-request'];

const invoiceResponse = {
  transaction: UUID,
  redirect_url: 'https://pts.example/pay/1001',
  payment: cardPayment,
  deeplink,
} satisfies SchemaTypeMap['invoice-response'];

const account2cardRequest = {
  api_key: 'merchant-key-1',
  transaction: UUID,
  signature: SHA256.toUpperCase(),
  amount: 100000,
  payer_fio: 'Petr Petrov',
  payer_phone: '+79001234567',
  recipient_pan: '4111111111111111',
} satisfies SchemaTypeMap['account2card-request'];

/** At least one valid document per schema name; the first is the base of the counter-examples. */
export const validExamples: { [N in SchemaName]: ReadonlyArray<SchemaTypeMap[N]> } = {
  common: [{}, { anything: true }],
  'invoice-request': [invoiceRequest, { ...invoiceRequest, amount: 40000000, payload: { client_id: 'u', client_ip: '2001:db8::1' } }],
  'invoice-response': [invoiceResponse, { ...invoiceResponse, payment: fpsPayment, deeplink: { A_FOREIGN: 'https://a.example/' } }],
  payment: [
    cardPayment,
    fpsPayment,
    { ...cardPayment, state: 'deposited', error_code: 0 },
    { ...cardPayment, error_code: 51, error_description: 'Insufficient funds' },
  ],
  credentials: [{ card_pan: '4111111111111111' }, { phone: '442071838750', holder: 'John Smith' }],
  deeplink: [deeplink, { X1_FOREIGN: 'http://x.example' }],
  'validation-error': [
    { api_key: ['The api key field is required.'] },
    { transaction: ['must be a UUID'], amount: ['too small', 'not an integer'], 'payload.client_ip': ['invalid'] },
  ],
  'message-error': [{ message: 'Unknown error' }, { message: 'Anti-fraud refusal' }],
  'account2card-request': [account2cardRequest, { ...account2cardRequest, amount: 1500000 }],
  'upload-request': [{ api_key: 'merchant-key-1', file: 'VIN;PLATE\n1HGCM82633A004352;A123BC77\n' }],
  'account2card-response': [{ transaction: UUID, payment: { ...cardPayment, state: 'deposited' } }],
  'status-request': [{ api_key: 'merchant-key-1', transaction: UUID, signature: SHA256 }],
  'status-response': [{ transaction: UUID, payment: fpsPayment }],
  callback: [
    { transaction: UUID, payment: { ...cardPayment, state: 'deposited' }, payload: invoiceRequest.payload },
    { transaction: UUID, payment: fpsPayment, payload: {} },
  ],
  'upload-response': [{ message: 'File accepted' }],
  profile: [JSON.parse(readFileSync(new URL('./profile.default.json', import.meta.url), 'utf8')) as SchemaTypeMap['profile']],
  'profile-override': [
    {},
    { http: { validation: 400 } },
    { antifraud: { invoiceClientIp: null }, callbacks: { enabled: false }, $comment: 'a provider without callbacks' },
  ],
};

// ---- Examples of the OpenAPI document --------------------------------------------------------
// The single source of every example in contracts/openapi.json: contracts/sync-openapi-examples.ts
// writes them there, and a self-test fails when the two differ. They are what Prism's mock serves,
// so they are realistic: signatures are real digests, card numbers pass Luhn, created_at is a real
// time in the documented shape, and they tell one consistent story (the same payments throughout).

/**
 * The example merchant. Published here, so it can never be a real merchant's: every `signature`
 * below is the documented sha256 digest with this api_key and crypto_key.
 */
export const EXAMPLE_MERCHANT = {
  apiKey: 'ak_example_0c5e7a21',
  cryptoKey: 'ck_example_secret_do_not_use',
} as const;

/** One named example of a request or response body (an OpenAPI Example Object). */
export interface NamedExample<T> {
  summary: string;
  description?: string;
  value: T;
}

/** Named examples of one body, with the contract schema they are valid against. */
export interface BodyExamples<N extends SchemaName = SchemaName> {
  schema: N;
  examples: Readonly<Record<string, NamedExample<SchemaTypeMap[N]>>>;
}

/** Typed constructor: the compiler checks each value against the type of `schema`. */
function body<N extends SchemaName>(schema: N, examples: Record<string, NamedExample<SchemaTypeMap[N]>>): BodyExamples<N> {
  return { schema, examples };
}

/** Examples of one operation: its request body and each response with a body, by status code. */
interface OperationExamples {
  request: BodyExamples;
  responses: Readonly<Record<string, BodyExamples>>;
}

// The transactions of the story: two invoices (card, then fast payment system) and one account to card.
const TX_INVOICE_CARD = '6f1c2b7e-3d4a-4f8e-9b2c-5a7d1e0f3c48';
const TX_INVOICE_FPS = 'c0a8e4d2-7b19-4e63-8f5a-2d9c3b1e7a05';
const TX_A2C = '9e2d4c61-0f7a-4b3e-a8d5-1c6b7e2f4a90';
/** Test card numbers of the card schemes (Visa, Mastercard): Luhn-valid, never issued. */
const TEST_PAN_VISA = '4111111111111111';
const TEST_PAN_MASTERCARD = '5555555555554444';

const exInvoiceCard = {
  api_key: EXAMPLE_MERCHANT.apiKey,
  transaction: TX_INVOICE_CARD,
  // sha256(api_key + transaction + "150000" + crypto_key)
  signature: '8db6b1d1f3f569650c3dea3d3d587e74e268875a7fd0b4f3b1cd3a8f58fcaf7e',
  amount: 150000,
  description: 'Order 10042: wireless headphones',
  return_url: 'https://shop.example/orders/10042/return',
  payload: { client_id: 'customer-58213', client_ip: '198.51.100.23' },
} satisfies SchemaTypeMap['invoice-request'];

const exInvoiceFps = {
  api_key: EXAMPLE_MERCHANT.apiKey,
  transaction: TX_INVOICE_FPS,
  // sha256(api_key + transaction + "2599000" + crypto_key)
  signature: '6f032ea2f6abef3fc76c5bfb55afe0618d13b605649398c3326c8f990c09589b',
  amount: 2599000,
  description: 'Order 10043: city bicycle',
  return_url: 'https://shop.example/orders/10043/return',
  payload: { client_id: 'customer-77104', client_ip: '2001:db8:85a3::8a2e:370:7334', order_id: 10043, campaign: 'spring-sale' },
} satisfies SchemaTypeMap['invoice-request'];

const exPaymentCard = {
  id: 1042,
  state: 'processing',
  error_code: null,
  error_description: null,
  credentials: { card_pan: TEST_PAN_VISA },
  created_at: '20260315T142530.482915Z',
} satisfies SchemaTypeMap['payment'];

const exPaymentFps = {
  id: 1043,
  state: 'processing',
  error_code: null,
  error_description: null,
  credentials: { phone: '79161234567', holder: 'Ivan Petrov' },
  created_at: '20260315T142611.007301Z',
} satisfies SchemaTypeMap['payment'];

/** Three deeplinks, <BANK>_FOREIGN, as in the document's sample responses. */
function exDeeplink(paymentId: number): SchemaTypeMap['deeplink'] {
  const to = (bank: string) => `https://pay.pts.example/deeplink/${bank}?payment=${paymentId}`;
  return { SBERBANK_FOREIGN: to('sberbank'), TINKOFF_FOREIGN: to('tinkoff'), VTB_FOREIGN: to('vtb') };
}

const exA2c = {
  api_key: EXAMPLE_MERCHANT.apiKey,
  transaction: TX_A2C,
  // sha256(api_key + transaction + "500000" + recipient_pan + crypto_key)
  signature: '5899d55abf695b7e5614efbc1cf1bc8ee38eb4477f55c39e4a72c2177dd62c8a',
  amount: 500000,
  payer_fio: 'Anna Sergeevna Smirnova',
  payer_phone: '+79031234567',
  recipient_pan: TEST_PAN_MASTERCARD,
} satisfies SchemaTypeMap['account2card-request'];

const message = (summary: string, text: string): NamedExample<SchemaTypeMap['message-error']> => ({ summary, value: { message: text } });
const badJson = {
  malformedJson: message('The body is not valid JSON', 'Request body is not valid JSON'),
  notAnObject: message('The body is JSON but not an object', 'Request body must be a JSON object'),
};
const unknownError = { unknownError: message('Any other failure (documented message)', 'Unknown error') };

/**
 * The account to card example's X-Sign: base64 RSASSA-PKCS1-v1_5 SHA-256 over the exact bytes
 * `JSON.stringify(body)` of the request example. Made with a throwaway key pair whose private
 * key was discarded; the public key is kept so that anyone (and a self-test) can verify it.
 * sync-openapi-examples.ts makes a new pair when the body changes.
 */
export const EXAMPLE_XSIGN = JSON.parse(readFileSync(new URL('./examples-xsign.json', import.meta.url), 'utf8')) as {
  publicKeyPem: string;
  xSign: string;
};

/** The account to card request example whose exact bytes the X-Sign example signs. */
export const EXAMPLE_XSIGN_BODY = exA2c;

/** The X-Sign header examples (a function, so that the sync script can put in a renewed signature). */
export function xSignHeaderExamples(xsign: typeof EXAMPLE_XSIGN): Record<string, Record<string, Record<string, NamedExample<string>>>> {
  return {
    '/api/v1/payments/account2card': {
      'X-Sign': {
        card: {
          summary: 'X-Sign of the request example "card"',
          description:
            'base64 RSASSA-PKCS1-v1_5 SHA-256 signature over the exact bytes of the compact JSON of the request example "card" ' +
            '(JSON.stringify, no spaces), verifiable with this public key (SPKI PEM):\n' +
            xsign.publicKeyPem,
          value: xsign.xSign,
        },
      },
    },
  };
}

/** Every example of contracts/openapi.json, by path (operation POST) and by webhook. */
export const openapiExamples: {
  paths: Readonly<Record<string, OperationExamples>>;
  webhooks: Readonly<Record<string, { request: BodyExamples }>>;
  /** Header parameter examples, by path and header name. */
  headers: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, NamedExample<string>>>>>>>;
} = {
  paths: {
    '/api/v1/payments/card2account/invoice': {
      request: body('invoice-request', {
        plain: { summary: 'An invoice with only the required payload fields', value: exInvoiceCard },
        merchantParameters: {
          summary: 'An invoice with further merchant parameters in payload (they come back in callbacks)',
          value: exInvoiceFps,
        },
      }),
      responses: {
        '200': body('invoice-response', {
          card: {
            summary: 'Recipient credentials of the card shape',
            value: { transaction: TX_INVOICE_CARD, redirect_url: 'https://pay.pts.example/pay/1042', payment: exPaymentCard, deeplink: exDeeplink(1042) },
          },
          fastPaymentSystem: {
            summary: 'Recipient credentials of the fast payment system shape',
            value: { transaction: TX_INVOICE_FPS, redirect_url: 'https://pay.pts.example/pay/1043', payment: exPaymentFps, deeplink: exDeeplink(1043) },
          },
        }),
        '400': body('message-error', badJson),
        '403': body('message-error', { antiFraud: message('Refused by anti-fraud (documented message)', 'Anti-fraud refusal') }),
        '422': body('validation-error', {
          documentedFields: {
            summary: "The fields of the document's sample, each invalid",
            value: {
              api_key: ['The api_key field is required.'],
              transaction: ['The transaction must be a valid UUID.'],
              amount: ['The amount must be between 10000 and 40000000.'],
              signature: ['Invalid signature.'],
              return_url: ['The return_url must be an absolute http or https URL.'],
            },
          },
          payloadField: {
            summary: 'A nested field, named with a dot',
            value: { 'payload.client_ip': ['The payload.client_ip must be a valid IPv4 or IPv6 address.'] },
          },
          duplicateTransaction: {
            summary: 'A transaction the merchant already used on this operation',
            value: { transaction: ['The transaction has already been taken.'] },
          },
        }),
        '500': body('message-error', unknownError),
      },
    },
    '/api/v1/payments/account2card': {
      request: body('account2card-request', {
        card: { summary: 'A transfer of 5 000 rubles to a card', value: exA2c },
      }),
      responses: {
        '200': body('account2card-response', {
          card: {
            summary: 'The new payment, credentials {card_pan} equal to recipient_pan',
            value: {
              transaction: TX_A2C,
              payment: { ...exPaymentCard, id: 1044, credentials: { card_pan: TEST_PAN_MASTERCARD }, created_at: '20260315T150002.913564Z' },
            },
          },
        }),
        '400': body('message-error', badJson),
        '401': body('message-error', {
          missingXSign: message('No X-Sign header', 'Missing X-Sign header'),
          invalidXSign: message('X-Sign does not verify over the body', 'Invalid X-Sign signature'),
        }),
        '422': body('validation-error', {
          cardAndPhone: {
            summary: 'recipient_pan fails the Luhn check, payer_phone has letters',
            value: {
              recipient_pan: ['The recipient_pan is not a valid card number.'],
              payer_phone: ['The payer_phone must be 10 to 15 digits, optionally preceded by +.'],
            },
          },
          amountTooLarge: {
            summary: 'An amount over 15 000 rubles',
            value: { amount: ['The amount must be between 100000 and 1500000.'] },
          },
        }),
        '500': body('message-error', unknownError),
      },
    },
    '/api/v1/psa/upload-transports': {
      request: body('upload-request', {
        csv: {
          summary: 'A small vehicle file (its fields are not shown by the document)',
          value: { api_key: EXAMPLE_MERCHANT.apiKey, file: 'vin;plate\nXTA210990Y2765432;A123BC77\nWVWZZZ1JZXW000001;K456MO199\n' },
        },
      }),
      responses: {
        '200': body('upload-response', { accepted: { summary: 'The file was accepted', value: { message: 'File accepted' } } }),
        '422': body('validation-error', {
          missingFile: { summary: 'No file part', value: { file: ['The file field is required.'] } },
          unknownApiKey: { summary: 'An api_key the provider does not know', value: { api_key: ['Unknown api_key.'] } },
          fileTooLarge: {
            summary: 'A file over 10 MiB',
            value: { file: ['The file may not be greater than 10485760 bytes (10 MiB).'] },
          },
        }),
        '500': body('message-error', unknownError),
      },
    },
    '/api/v1/payments/status': {
      request: body('status-request', {
        cardInvoice: {
          summary: 'The status of the card invoice',
          // sha256(api_key + transaction + crypto_key)
          value: {
            api_key: EXAMPLE_MERCHANT.apiKey,
            transaction: TX_INVOICE_CARD,
            signature: 'c839b77fa2856e86b178dca6bd650a8abff2e473569b9576a2951ae040efce2a',
          },
        },
        fastPaymentSystemInvoice: {
          summary: 'The status of the fast payment system invoice',
          value: {
            api_key: EXAMPLE_MERCHANT.apiKey,
            transaction: TX_INVOICE_FPS,
            signature: 'a58918a6f16b591f96bf65d94af6cf94f707b3f8165d45b4753966f330e6478d',
          },
        },
      }),
      responses: {
        '200': body('status-response', {
          deposited: {
            summary: 'Paid (card credentials)',
            value: { transaction: TX_INVOICE_CARD, payment: { ...exPaymentCard, state: 'deposited' } },
          },
          declined: {
            summary: 'Declined by the payer (fast payment system credentials, an error code)',
            value: {
              transaction: TX_INVOICE_FPS,
              payment: { ...exPaymentFps, state: 'declined', error_code: 'DECLINED_BY_USER', error_description: 'The payer declined the payment' },
            },
          },
        }),
        '400': body('message-error', badJson),
        '404': body('message-error', { unknownTransaction: message('No payment of this merchant has that transaction', 'Payment not found') }),
        '422': body('validation-error', {
          signature: { summary: 'A signature that is not the documented digest', value: { signature: ['Invalid signature.'] } },
        }),
        '500': body('message-error', unknownError),
      },
    },
  },
  webhooks: {
    paymentCallback: {
      request: body('callback', {
        deposited: {
          summary: 'The card invoice was paid',
          value: { transaction: TX_INVOICE_CARD, payment: { ...exPaymentCard, state: 'deposited' }, payload: exInvoiceCard.payload },
        },
        declined: {
          summary: 'The fast payment system invoice was declined; payload carries its merchant parameters',
          value: {
            transaction: TX_INVOICE_FPS,
            payment: { ...exPaymentFps, state: 'declined', error_code: 'DECLINED_BY_USER', error_description: 'The payer declined the payment' },
            payload: exInvoiceFps.payload,
          },
        },
      }),
    },
  },
  headers: xSignHeaderExamples(EXAMPLE_XSIGN),
};
