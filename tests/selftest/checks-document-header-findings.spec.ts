// How the passive look reads a page answer's CSP (object-src and base-uri, a report location), COOP, HSTS (https
// only) and its cookies' prefixes and sizes; and the page's assets and plugins. Each allowed spelling yields no finding.
import { test, expect } from '@playwright/test';
import { cookiePrefixFindings, cookieSizeFindings, coopFindings, cspFindings, hstsFindings } from '../../suite/checks/document-header-findings.js';
import { headerLines, type SeenAnswer } from '../../suite/checks/header-findings.js';
import { pluginFindings, sriFindings, type PageAssets } from '../../suite/checks/page-dom-findings.js';

const answer = (lines: [string, string][]): SeenAnswer => ({
  where: 'GET /pay/x (HTTP 200)',
  headers: headerLines(lines.map(([name, value]) => ({ name, value }))),
});
const names = (findings: { name: string }[]) => findings.map((f) => f.name);
const csp = (...lines: [string, string][]) => names(cspFindings(answer(lines)));

test("CSP: object-src 'none' (or default-src 'none') and base-uri 'none' or 'self', in any header or letter case; a report location in either header", () => {
  expect(csp(['Content-Security-Policy', "frame-ancestors 'none'; object-src 'none'; base-uri 'none'; report-uri /csp"])).toEqual([]);
  expect(csp(['content-security-policy', "DEFAULT-SRC 'NONE'; BASE-URI 'SELF'; report-to csp"])).toEqual([]);
  expect(
    csp(['Content-Security-Policy', "script-src 'nonce-abc' 'strict-dynamic'; object-src 'none'"], ['Content-Security-Policy', "base-uri 'none'; report-to x"]),
  ).toEqual([]);
  expect(
    csp(
      ['Content-Security-Policy', "object-src 'none'; base-uri 'none'"],
      ['Content-Security-Policy-Report-Only', "default-src 'self'; report-uri https://r.example/"],
    ),
  ).toEqual([]);
  expect(csp(['Content-Security-Policy', "frame-ancestors 'none'; report-uri /csp"])).toEqual(['cspPolicy']);
  // default-src 'none' does not stand for base-uri; an object-src other than 'none' overrides default-src 'none'.
  expect(csp(['Content-Security-Policy', "default-src 'none'; report-uri /csp"])).toEqual(['cspPolicy']);
  expect(csp(['Content-Security-Policy', "default-src 'none'; object-src 'self'; base-uri 'none'; report-uri /csp"])).toEqual(['cspPolicy']);
  // Report-only is no protection.
  expect(csp(['Content-Security-Policy-Report-Only', "object-src 'none'; base-uri 'none'; report-uri /csp"])).toEqual(['cspPolicy']);
  expect(csp(['Content-Security-Policy', "object-src 'none'; base-uri 'none'"])).toEqual(['cspReport']);
  expect(csp()).toEqual(['cspPolicy', 'cspReport']);
});

test('COOP: same-origin, same-origin-allow-popups (a report-to parameter may follow); unsafe-none or none is a finding', () => {
  for (const v of ['same-origin', 'Same-Origin-Allow-Popups', 'same-origin; report-to="coop"', 'noopener-allow-popups'])
    expect(names(coopFindings(answer([['Cross-Origin-Opener-Policy', v]]))), v).toEqual([]);
  expect(names(coopFindings(answer([['Cross-Origin-Opener-Policy', 'unsafe-none']])))).toEqual(['coop']);
  expect(names(coopFindings(answer([])))).toEqual(['coop']);
});

test('HSTS: judged on https only; max-age of a year or more, in any spelling', () => {
  expect(names(hstsFindings(answer([]), false))).toEqual([]);
  for (const v of ['max-age=31536000', 'max-age="63072000"; includeSubDomains; preload', 'includeSubDomains; Max-Age = 31536000'])
    expect(names(hstsFindings(answer([['Strict-Transport-Security', v]]), true)), v).toEqual([]);
  for (const lines of [[], [['Strict-Transport-Security', 'max-age=86400']], [['Strict-Transport-Security', 'includeSubDomains']]] as [string, string][][])
    expect(names(hstsFindings(answer(lines), true)), JSON.stringify(lines)).toEqual(['hsts']);
  expect(hstsFindings(answer([]), true)[0]?.rule).toBe('PRO-SEC-HSTS');
});

test('cookies: __Host-, or __Secure- when shared or kept to a path; name and value at most 4096 bytes; no cookie, no finding', () => {
  const prefix = (c: string) => names(cookiePrefixFindings(answer([['Set-Cookie', c]])));
  expect(names(cookiePrefixFindings(answer([])))).toEqual([]);
  for (const c of [
    '__Host-sid=1; Path=/; Secure; HttpOnly',
    '__host-sid=1; Path=/; Secure',
    '__Secure-sid=1; Domain=pay.example; Secure',
    '__Secure-sid=1; Path=/pay; Secure',
  ])
    expect(prefix(c), c).toEqual([]);
  for (const c of ['sid=1; Path=/; HttpOnly; SameSite=Lax', '__Secure-sid=1; Path=/; Secure', 'Host-sid=1']) expect(prefix(c), c).toEqual(['cookiePrefix']);
  const size = (c: string) => names(cookieSizeFindings(answer([['Set-Cookie', c]])));
  expect(size(`__Host-s=${'a'.repeat(4096 - '__Host-s'.length)}; Path=/`)).toEqual([]);
  expect(size(`__Host-s=${'a'.repeat(4097 - '__Host-s'.length)}; Path=/`)).toEqual(['cookieSize']);
});

test('the DOM: scripts and stylesheets of another origin need integrity; object, embed and applet are findings', () => {
  const seen = (assets: PageAssets['assets'], plugins: string[] = []): PageAssets => ({ url: 'http://127.0.0.1:8080/pay/t', assets, plugins });
  const ok = seen([
    { tag: 'script', url: 'http://127.0.0.1:8080/app.js', integrity: false },
    { tag: 'script', url: 'https://cdn.example/lib.js', integrity: true },
    { tag: 'link', url: 'data:text/css,', integrity: false },
  ]);
  expect(names(sriFindings(ok))).toEqual([]);
  expect(names(pluginFindings(ok))).toEqual([]);
  expect(names(sriFindings(seen([{ tag: 'link', url: 'https://cdn.example/x.css', integrity: false }])))).toEqual(['subresourceIntegrity']);
  // Another port is another origin.
  expect(names(sriFindings(seen([{ tag: 'script', url: 'http://127.0.0.1:9090/x.js', integrity: false }])))).toEqual(['subresourceIntegrity']);
  expect(names(pluginFindings(seen([], ['<embed type="application/x-shockwave-flash">'])))).toEqual(['pluginContent']);
});
