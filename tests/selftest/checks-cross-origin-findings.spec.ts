// How the page's leaks to other origins are read: a Referer at most the provider's origin, the payment's data and token
// in a text, and a JSONP answer by its call. Each allowed form yields no finding.
import { test, expect } from '@playwright/test';
import { callsBack, secretsIn, tokenParts, unguessable, type PageSecrets } from '../../suite/checks/cross-site-findings.js';
import { referrerFindings, type SentAway } from '../../suite/checks/referrer-findings.js';
import { OwnOrigins } from '../../suite/harness/page-crawl.js';

const origins = new OwnOrigins('http://127.0.0.1:4000/api/v1/x', 'http://127.0.0.1:4001/pay/x');
const away = (referer: string | undefined): SentAway[] => [{ url: 'https://shop.example/return?order=42', navigation: true, referer }];
const names = (findings: { name: string }[]) => findings.map((f) => f.name);

test("Referer to another origin: none, or the provider's origin alone, passes; a provider address with a path or query is a finding", () => {
  expect(names(referrerFindings(away(undefined), origins))).toEqual([]);
  expect(names(referrerFindings(away('http://127.0.0.1:4001/'), origins))).toEqual([]);
  // Another origin's Referer (the merchant's own page) is not the provider's to judge.
  expect(names(referrerFindings(away('https://shop.example/cart/1'), origins))).toEqual([]);
  expect(names(referrerFindings(away('http://127.0.0.1:4001/pay/AbCdEf123456'), origins))).toEqual(['referrer']);
  expect(names(referrerFindings(away('http://127.0.0.1:4001/?t=AbCdEf123456'), origins))).toEqual(['referrer']);
});

const secrets: PageSecrets = {
  pageUrl: 'http://127.0.0.1:4001/pay/AbCdEf123456',
  redirectUrl: 'http://127.0.0.1:4001/go/AbCdEf123456',
  credentials: { phone: '79001234567', holder: 'Ivan Petrov' },
  baseUrl: 'http://127.0.0.1:4000/api/v1',
};

test('the data of a page: its recipient and its token (path parts of 8 characters or more not in the base address)', () => {
  expect(tokenParts(secrets)).toEqual(['AbCdEf123456']);
  expect(secretsIn('window.X = {"phone":"79001234567"}', secrets)).toEqual(["the recipient's phone"]);
  expect(secretsIn('var t = "AbCdEf123456"; var who = "Ivan Petrov"', secrets)).toEqual(["the recipient's holder", 'the page token "AbCdEf123456"']);
  expect(secretsIn('console.log("payment page")', secrets)).toEqual([]);
});

test('JSONP: an answer that calls the named function, bare, after /**/ or behind a typeof guard; text that only names it is not', () => {
  for (const body of ['cb_1({"a":1})', '/**/ cb_1({})', "/**/ typeof cb_1 === 'function' && cb_1({});", ' window.cb_1 ({})'])
    expect(callsBack(body, 'cb_1'), body).toBe(true);
  for (const body of ['<!doctype html><p>cb_1(</p>', '{"callback":"cb_1"}', 'cb_12({})']) expect(callsBack(body, 'cb_1'), body).toBe(false);
});

test("a script's address another site cannot name: one with the page's token or a mixed run of 16 letters and digits; an id or a plain name it can", () => {
  for (const url of [
    'http://127.0.0.1:4001/pay/AbCdEf123456/app.js',
    'http://127.0.0.1:4001/s.js?c=9f8e7d6c5b4a39281706',
    'http://127.0.0.1:4001/app.3f9a8c7d1e2b4a6f.js',
  ])
    expect(unguessable(url, secrets), url).toBe(true);
  for (const url of ['http://127.0.0.1:4001/pay-assets/payment-2.js', 'http://127.0.0.1:4001/static/payment-summary-widget.js?id=1234567'])
    expect(unguessable(url, secrets), url).toBe(false);
});
