// Positive acceptance: generated valid requests are accepted with the profile's success status, every
// success body has the documented (or profile) shape, and is sent as JSON.
import { forAll } from '../harness/property.js';
import { expectJsonContentType, expectSchema, expectStatus } from '../harness/expect-response.js';
import type { RuleId } from '../../contracts/index.js';
import { requireProfile, type ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS, article, sendFresh } from './operations.js';

/** Every generated valid, correctly signed request is accepted with the profile's success status. */
export function validRequestAccepted(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `validRequestAccepted(${op})`,
    title: `a valid signed ${spec.request} is accepted with the profile success status`,
    // A generated valid request the provider fails on (an answer lost every time, the control answered) breaks PRO-ERR-SERVER.
    rules: [spec.successRule, 'PRO-ERR-SERVER'],
    property: true,
    async run({ api }) {
      spec.requireConfigured(api);
      await forAll(
        spec.valid(api),
        async (generated) => {
          const { exchange } = await sendFresh(api, op, generated);
          expectStatus(exchange, spec.successRule, api.profile.http.success, `${spec.request} accepted`);
        },
        { rule: spec.successRule },
      );
    },
  };
}

/** The rules of the payment object both operations answer with (the card credentials included). */
const PAYMENT_OBJECT_RULES: RuleId[] = [
  'DOC-PAY-ID',
  'DOC-PAY-STATE',
  'DOC-PAY-ERROR_CODE',
  'DOC-PAY-ERROR_DESCRIPTION',
  'DOC-PAY-CREDENTIALS',
  'DOC-CRED-CARD',
];

/** Every success body validates against the operation's response schema; a broken field names its own rule. */
export function successBodyMatchesSchema(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  const invoice = op === 'invoice';
  return {
    name: `successBodyMatchesSchema(${op})`,
    title: invoice ? 'every invoice success body matches the documented schema' : 'every account to card success body matches the account2card-response schema',
    rules: invoice
      ? [
          'DOC-INV-RES-PAYMENT',
          ...PAYMENT_OBJECT_RULES,
          'DOC-CRED-FPS',
          'DOC-INV-RES-REDIRECT_URL',
          'DOC-INV-RES-DEEPLINK',
          'DOC-DEEPLINK-KEYS',
          'DOC-PAY-CREATED_AT',
        ]
      : ['PRO-A2C-SUCCESS', ...PAYMENT_OBJECT_RULES, 'DOC-PAY-CREATED_AT'],
    property: true,
    async run({ api }) {
      spec.requireConfigured(api);
      if (!invoice) requireProfile(api.profile.account2card.successBody, 'profile account2card.successBody is false: no success body to check');
      const fallback = invoice ? 'DOC-INV-RES-PAYMENT' : 'PRO-A2C-SUCCESS';
      await forAll(
        spec.valid(api),
        async (generated) => {
          const { exchange } = await sendFresh(api, op, generated);
          expectStatus(exchange, spec.successRule, api.profile.http.success, `${spec.request} accepted`);
          expectSchema(exchange, fallback, spec.responseSchema, `the ${spec.request} response`, spec.responseRules);
        },
        { rule: fallback },
      );
    },
  };
}

/** A success body is sent with Content-Type application/json. */
export function successSentAsJson(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `successSentAsJson(${op})`,
    title: `${article(OPERATION_NAMES[op].label)} success body is sent as application/json`,
    rules: ['PRO-HTTP-CONTENT-TYPE'],
    property: true,
    async run({ api }) {
      spec.requireConfigured(api);
      requireProfile(api.profile.http.jsonContentType, 'profile http.jsonContentType is false');
      await forAll(
        spec.valid(api),
        async (generated) => {
          const { exchange } = await sendFresh(api, op, generated);
          expectStatus(exchange, spec.successRule, api.profile.http.success, `${spec.request} accepted`);
          expectJsonContentType(exchange, 'PRO-HTTP-CONTENT-TYPE');
        },
        { rule: 'PRO-HTTP-CONTENT-TYPE', share: 0.2 },
      );
    },
  };
}
