// The examples of contracts/openapi.json: in sync with contracts/examples.ts (their single source), present on
// every body, valid against each body's schema (the project's Ajv), and realistic (real digests, Luhn test
// cards, real created_at times, three deeplinks, UUIDs, an X-Sign that verifies).
import { test, expect } from '@playwright/test';
import { createVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CREATED_AT_PATTERN, isCreatedAt, validate, type SchemaName } from '../../contracts/index.js';
import { EXAMPLE_MERCHANT, EXAMPLE_XSIGN, openapiExamples } from '../../contracts/examples.js';
import { bodySites, OPENAPI_URL, serializeOpenApi, withExamples, type ExampleCatalog } from '../../contracts/openapi-examples.js';
import type { JsonObject } from '../../contracts/schema-files.js';
import { account2cardDigest, invoiceDigest, statusDigest } from '../../generators/signing.js';
import { isLuhnValid } from '../../generators/arbitraries/luhnPan.js';

const text = readFileSync(OPENAPI_URL, 'utf8');
const doc = JSON.parse(text) as JsonObject;

interface Found {
  at: string;
  schema: SchemaName;
  status?: string;
  value: unknown;
}

/** Every example value of every body of the document, with the schema its body refers to. */
function allExamples(): Found[] {
  return bodySites(doc).flatMap((site) =>
    Object.entries((site.media.examples ?? {}) as Record<string, { value: unknown }>).map(([name, e]) => ({
      at: `${site.pointer}/examples/${name}`,
      schema: site.schema,
      status: site.status,
      value: e.value,
    })),
  );
}

/** Every value under the key `key`, anywhere inside `node`. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (Array.isArray(node)) return node.flatMap((n) => valuesOf(n, key));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as JsonObject).flatMap(([k, v]) => [...(k === key ? [v] : []), ...valuesOf(v, key)]);
}

const exampleOf = (schema: SchemaName) => allExamples().filter((f) => f.schema === schema);
/** Example values of the bodies that carry data (error bodies name fields as keys, e.g. `transaction`). */
const dataValues = () =>
  allExamples()
    .filter((f) => f.schema !== 'validation-error' && f.schema !== 'message-error')
    .map((f) => f.value);
const media = (path: string, status?: string) =>
  bodySites(doc).find((s) => s.section === 'paths' && s.key === path && s.status === status)!.media as {
    examples: Record<string, { value: Record<string, unknown> }>;
  };

test.describe('contracts: openapi.json examples', () => {
  test('equal the examples of contracts/examples.ts (sync: npx tsx contracts/sync-openapi-examples.ts)', () => {
    expect(text, 'contracts/openapi.json is stale: run npx tsx contracts/sync-openapi-examples.ts').toBe(serializeOpenApi(withExamples(doc)));
  });

  test('every request and response body has named examples with a summary, and X-Sign has one', () => {
    const sites = bodySites(doc);
    // 4 requests, 1 callback and 18 responses with a body (so the walk found them all).
    expect(sites.length).toBeGreaterThanOrEqual(23);
    for (const site of sites) {
      const examples = Object.values((site.media.examples ?? {}) as Record<string, { summary?: string; value?: unknown }>);
      expect(examples.length, site.pointer).toBeGreaterThan(0);
      for (const e of examples) {
        expect(e.summary, site.pointer).toMatch(/\S/);
        expect(e.value, site.pointer).toBeDefined();
      }
    }
    const xSign = (doc.paths as Record<string, { post: { parameters: JsonObject[] } }>)['/api/v1/payments/account2card'].post.parameters[0];
    expect(Object.keys(xSign.examples as JsonObject)).toEqual(['card']);
  });

  test('every example is valid against the schema its body refers to (contracts Ajv)', () => {
    const found = allExamples();
    expect(found.length).toBeGreaterThanOrEqual(37);
    for (const f of found) expect(validate(f.schema, f.value).errors, f.at).toEqual([]);
  });

  test('bodies with more than one shape have an example of each', () => {
    const credentialShapes = (schema: SchemaName) =>
      new Set(
        valuesOf(
          exampleOf(schema).map((f) => f.value),
          'credentials',
        ).map((c) =>
          Object.keys(c as JsonObject)
            .sort()
            .join('+'),
        ),
      );
    for (const schema of ['invoice-response', 'status-response', 'callback'] as const) {
      expect([...credentialShapes(schema)].sort(), schema).toEqual(['card_pan', 'holder+phone']);
    }
    // The document's validation sample covers these five fields; one example shows them all.
    const documented = media('/api/v1/payments/card2account/invoice', '422').examples.documentedFields.value;
    expect(Object.keys(documented).sort()).toEqual(['amount', 'api_key', 'return_url', 'signature', 'transaction']);
    expect(Object.keys(media('/api/v1/payments/card2account/invoice', '422').examples).length).toBeGreaterThan(1);
    // Payment states and error shapes: a processing payment without error, a declined one with an error code.
    const payments = valuesOf(
      exampleOf('status-response').map((f) => f.value),
      'payment',
    ) as Array<{ state: string; error_code: unknown }>;
    expect(payments.map((p) => p.state).sort()).toEqual(['declined', 'deposited']);
    expect(payments.find((p) => p.state === 'declined')?.error_code).not.toBeNull();
    const messages = valuesOf(
      exampleOf('message-error').map((f) => f.value),
      'message',
    );
    expect(messages).toEqual(expect.arrayContaining(['Anti-fraud refusal', 'Unknown error']));
  });

  test('signatures are the documented sha256 digests for the example merchant; crypto_key is never sent', () => {
    const signed = allExamples().filter((f) => f.status === undefined && f.schema !== 'callback' && f.schema !== 'upload-request');
    expect(signed.map((f) => f.schema).sort()).toEqual(['account2card-request', 'invoice-request', 'invoice-request', 'status-request', 'status-request']);
    const digest: Partial<Record<SchemaName, (b: never, key: string) => string>> = {
      'invoice-request': invoiceDigest,
      'account2card-request': account2cardDigest,
      'status-request': statusDigest,
    };
    for (const f of signed) {
      const b = f.value as Record<string, unknown>;
      expect(b.api_key, f.at).toBe(EXAMPLE_MERCHANT.apiKey);
      expect(b.signature, f.at).toBe(digest[f.schema]!(b as never, EXAMPLE_MERCHANT.cryptoKey));
    }
    expect(text).not.toContain(EXAMPLE_MERCHANT.cryptoKey);
  });

  test('card numbers are Luhn-valid card-scheme test numbers', () => {
    const pans = [...valuesOf(dataValues(), 'card_pan'), ...valuesOf(dataValues(), 'recipient_pan')];
    expect(pans.length).toBeGreaterThan(4);
    for (const pan of pans) {
      expect(isLuhnValid(String(pan)), String(pan)).toBe(true);
      expect(['4111111111111111', '5555555555554444'], String(pan)).toContain(pan);
    }
  });

  test('created_at values are real UTC times in the shape YYYYMMDDTHHMMSS.ffffffZ', () => {
    const times = valuesOf(dataValues(), 'created_at') as string[];
    expect(times.length).toBeGreaterThan(4);
    for (const t of times) {
      expect(t).toMatch(CREATED_AT_PATTERN);
      expect(isCreatedAt(t), t).toBe(true);
    }
  });

  test('each invoice answer has three <BANK>_FOREIGN deeplinks to https addresses', () => {
    const links = valuesOf(
      exampleOf('invoice-response').map((f) => f.value),
      'deeplink',
    ) as Array<Record<string, string>>;
    expect(links).toHaveLength(2);
    for (const l of links) {
      expect(Object.keys(l)).toHaveLength(3);
      for (const [bank, url] of Object.entries(l)) {
        expect(bank).toMatch(/^[A-Z][A-Z0-9]*_FOREIGN$/);
        expect(new URL(url).protocol).toBe('https:');
      }
    }
  });

  test('transactions are version 4 UUIDs, and the examples tell one story', () => {
    const transactions = new Set(valuesOf(dataValues(), 'transaction'));
    expect(transactions.size).toBe(3); // two invoices and one account to card
    for (const t of transactions) expect(t).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const invoice = '/api/v1/payments/card2account/invoice';
    const requests = Object.values(media(invoice).examples).map((e) => e.value);
    const answers = Object.values(media(invoice, '200').examples).map((e) => e.value);
    expect(answers.map((a) => a.transaction)).toEqual(requests.map((r) => r.transaction));
    // A callback carries the payload of the invoice with the same transaction, unchanged.
    for (const cb of exampleOf('callback').map((f) => f.value as Record<string, unknown>)) {
      expect(cb.payload).toEqual(requests.find((r) => r.transaction === cb.transaction)?.payload);
    }
    const a2c = '/api/v1/payments/account2card';
    const a2cRequest = media(a2c).examples.card.value;
    const a2cAnswer = media(a2c, '200').examples.card.value as { transaction: string; payment: { credentials: { card_pan: string } } };
    expect(a2cAnswer.transaction).toBe(a2cRequest.transaction);
    expect(a2cAnswer.payment.credentials.card_pan).toBe(a2cRequest.recipient_pan);
  });

  test('the X-Sign example verifies over the exact compact JSON of the account to card example, and over nothing else', () => {
    const a2c = (doc.paths as Record<string, { post: { parameters: JsonObject[] } }>)['/api/v1/payments/account2card'].post;
    const xSign = (a2c.parameters[0].examples as Record<string, { value: string; description: string }>).card;
    expect(xSign.value).toBe(EXAMPLE_XSIGN.xSign);
    expect(xSign.description).toContain(EXAMPLE_XSIGN.publicKeyPem);
    const body = JSON.stringify(media('/api/v1/payments/account2card').examples.card.value);
    const verifies = (bytes: string) => createVerify('sha256').update(bytes, 'utf8').verify(EXAMPLE_XSIGN.publicKeyPem, xSign.value, 'base64');
    expect(verifies(body)).toBe(true);
    expect(verifies(body.replace('500000', '500001'))).toBe(false);
    expect(verifies(JSON.stringify(JSON.parse(body), null, 2))).toBe(false);
  });

  test('the sync refuses a document and a catalog that disagree', () => {
    const withStatus409 = structuredClone(doc) as { paths: Record<string, { post: { responses: JsonObject } }> };
    withStatus409.paths['/api/v1/payments/status'].post.responses['409'] = {
      description: 'x',
      content: { 'application/json': { schema: { $ref: './schemas/message-error.schema.json' } } },
    };
    expect(() => withExamples(withStatus409 as JsonObject)).toThrow(/no examples for openapi.json .*status.*409/);

    const without404 = structuredClone(doc) as typeof withStatus409;
    delete without404.paths['/api/v1/payments/status'].post.responses['404'];
    expect(() => withExamples(without404 as JsonObject)).toThrow(/bodies openapi.json does not have: paths \/api\/v1\/payments\/status 404/);

    const wrongSchema = structuredClone(openapiExamples) as ExampleCatalog & { paths: Record<string, { responses: Record<string, { schema: string }> }> };
    wrongSchema.paths['/api/v1/payments/status'].responses['200'].schema = 'invoice-response';
    expect(() => withExamples(doc, wrongSchema)).toThrow(/written for 'invoice-response', the body is 'status-response'/);

    const noXSign = { ...openapiExamples, headers: {} };
    expect(() => withExamples(doc, noXSign)).toThrow(/required header X-Sign/);
  });
});
