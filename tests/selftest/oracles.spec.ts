// The oracles over every exchange (suite/harness/oracles/) on exchanges made up to show each finding, and their
// neighbours that must pass.
import { test, expect } from '@playwright/test';
import type { Exchange, ReceivedResponse } from '../../suite/harness/exchange.js';
import { answersCarryNoCryptoKey, answersNotSharedCacheable } from '../../suite/harness/oracles/answers-kept.js';
import { answersAreInteroperable, answersAreUtf8 } from '../../suite/harness/oracles/json-text.js';

const URL_ = 'http://provider.example/api/v1/payments/status';

function exchange(response: Partial<ReceivedResponse>, method = 'POST'): Exchange {
  const bodyText = response.bodyText ?? '{}';
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  return {
    request: { method, url: URL_, headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json' }, truncated: false, json, ...response, bodyText },
    ms: 1,
    rateLimitedRetries: 0,
  };
}

const none = { secrets: [] };

test('JSON answers: bytes that are no UTF-8 and a byte order mark are found; a UTF-8 answer passes; a page is not judged', () => {
  expect(answersAreUtf8.judge(exchange({ bodyText: '{"a":"Иван"}' }), none)).toEqual([]);
  expect(answersAreUtf8.judge(exchange({ bodyText: '{"a":"\uFFFD"}', notUtf8: true }), none)).toEqual(['bytes that are no UTF-8']);
  expect(answersAreUtf8.judge(exchange({ bodyText: '\uFEFF{}' }), none)).toEqual(['a byte order mark before the JSON text']);
  expect(answersAreUtf8.judge(exchange({ headers: { 'content-type': 'text/html' }, bodyText: '<p>' }), none)).toBeUndefined();
});

test('JSON answers read alike: a name twice with different values, half a surrogate pair, an integer past 2^53 - 1 are found', () => {
  const judge = (bodyText: string) => answersAreInteroperable.judge(exchange({ bodyText }), none);
  expect(judge('{"id":1,"big":9007199254740991,"f":1e400,"s":"😀"}')).toEqual([]);
  expect(judge('{"id":1,"id":1}')).toEqual([]);
  expect(judge('{"id":"1","id":1}')).toHaveLength(1);
  expect(judge('{"payment":{"id":9007199254740993}}')).toEqual(['the integer 9007199254740993 at /payment/id, past 2^53 - 1']);
  expect(judge('{"s":"\\ud800"}')).toEqual(['half a surrogate pair in the string at /s']);
});

test('shared caches: public, max-age or a future Expires on a GET answer is found; a POST answer only with a Content-Location naming itself; no-store and private pass', () => {
  const judge = (headers: Record<string, string>, method: string) =>
    answersNotSharedCacheable.judge(exchange({ headers: { 'content-type': 'text/html', ...headers } }, method), none);
  expect(judge({ 'cache-control': 'public, max-age=60' }, 'GET')).toHaveLength(1);
  expect(judge({ 'cache-control': 'max-age=60, private' }, 'GET')).toEqual([]);
  expect(judge({ 'cache-control': 'no-store' }, 'GET')).toEqual([]);
  expect(judge({}, 'GET')).toEqual([]);
  expect(judge({ 'cache-control': 'public, max-age=60' }, 'POST')).toEqual([]);
  expect(judge({ 'cache-control': 'public, max-age=60', 'content-location': '/api/v1/payments/status' }, 'POST')).toHaveLength(1);
  expect(judge({ 'cache-control': 'public, max-age=60', 'content-location': '/elsewhere' }, 'POST')).toEqual([]);
  // A future Expires gives freshness unless max-age or s-maxage overrides it (RFC 9111 5.3), whatever else Cache-Control says.
  const later = new Date(Date.now() + 3_600_000).toUTCString();
  expect(judge({ expires: later }, 'GET')).toHaveLength(1);
  expect(judge({ 'cache-control': 'must-revalidate', expires: later }, 'GET')).toHaveLength(1);
  expect(judge({ 'cache-control': 'max-age=0', expires: later }, 'GET')).toEqual([]);
  expect(judge({ 'cache-control': 'no-cache', expires: later }, 'GET')).toEqual([]);
});

test('crypto_key: found in a header or the body of any answer; not judged without a key', () => {
  const key = 'ck_0123456789abcdef';
  expect(answersCarryNoCryptoKey.judge(exchange({ bodyText: '{"message":"ok"}' }), { secrets: [key] })).toEqual([]);
  expect(answersCarryNoCryptoKey.judge(exchange({ bodyText: `{"message":"expected sha256 of x${key}"}` }), { secrets: [key] })).toEqual([
    'a crypto_key in the body',
  ]);
  expect(answersCarryNoCryptoKey.judge(exchange({ headers: { 'x-debug': key } }), { secrets: [key] })).toEqual(['a crypto_key in the x-debug header']);
  expect(answersCarryNoCryptoKey.judge(exchange({}), none)).toBeUndefined();
});
