// How the passive look reads one answer's headers: caching by RFC 9111 (a shared cache may store it: fail; short
// of no-store: warn), nosniff and the charset in any letter case, version banners, CORS with credentials (only
// for the requesting origin, * or null), cookie flags. Each allowed spelling yields no finding.
import { test, expect } from '@playwright/test';
import {
  bannerFindings,
  cachingFindings,
  charsetFindings,
  cookieFindings,
  corsFindings,
  headerLines,
  nosniffFindings,
  type SeenAnswer,
} from '../../suite/checks/header-findings.js';

const answer = (lines: [string, string][]): SeenAnswer => ({
  where: 'GET /pay/x (HTTP 200)',
  headers: headerLines(lines.map(([name, value]) => ({ name, value }))),
});
const names = (findings: { name: string }[]) => findings.map((f) => f.name);

test('caching: no-store passes in any letter case; a shared cache allowed fails; anything else short of no-store warns', () => {
  for (const cc of ['no-store', 'No-Store, Max-Age=0', 'private, no-store', 'public, no-store, max-age=60'])
    expect(names(cachingFindings(answer([['Cache-Control', cc]]))), cc).toEqual([]);
  for (const lines of [
    [['Cache-Control', 'public, max-age=3600']],
    [['cache-control', 's-maxage=60']],
    [['Cache-Control', 'max-age="600"']],
    [['Expires', 'Fri, 01 Jan 2100 00:00:00 GMT']],
  ] as [string, string][][])
    expect(names(cachingFindings(answer(lines))), JSON.stringify(lines)).toEqual(['sharedCache']);
  for (const lines of [
    [['Cache-Control', 'private, no-cache']],
    [['Cache-Control', 'private, max-age=600']],
    [['Cache-Control', 'max-age=0']],
    [['Pragma', 'no-cache']],
    [],
    [
      ['Cache-Control', 'no-cache'],
      ['Expires', '0'],
    ],
  ] as [string, string][][])
    expect(names(cachingFindings(answer(lines))), JSON.stringify(lines)).toEqual(['noStore']);
  // Two header lines are one list (RFC 9110 5.3).
  expect(
    names(
      cachingFindings(
        answer([
          ['Cache-Control', 'max-age=3600'],
          ['Cache-Control', 'no-store'],
        ]),
      ),
    ),
  ).toEqual([]);
});

test('nosniff and the page charset are read in any letter case', () => {
  expect(names(nosniffFindings(answer([['X-Content-Type-Options', 'NoSniff']])))).toEqual([]);
  expect(names(nosniffFindings(answer([])))).toEqual(['nosniff']);
  expect(names(nosniffFindings(answer([['X-Content-Type-Options', 'sniff']])))).toEqual(['nosniff']);
  for (const ct of ['text/html; charset=utf-8', 'Text/HTML;Charset="UTF-8"', 'text/html; q=1; charset=windows-1251'])
    expect(names(charsetFindings(answer([['Content-Type', ct]]))), ct).toEqual([]);
  for (const ct of ['text/html', 'text/plain; charset=utf-8']) expect(names(charsetFindings(answer([['Content-Type', ct]]))), ct).toEqual(['htmlCharset']);
});

test('a version in Server, or any X-Powered-By, is a banner; a bare product name in Server is not', () => {
  for (const lines of [[['Server', 'nginx/1.25.3']], [['Server', 'Apache 2.4']], [['X-Powered-By', 'Express']]] as [string, string][][])
    expect(names(bannerFindings(answer(lines))), JSON.stringify(lines)).toEqual(['versionBanner']);
  expect(names(bannerFindings(answer([['Server', 'nginx']])))).toEqual([]);
});

test('CORS fails only with credentials for the requesting origin, * or null', () => {
  const origin = 'https://pts-1.attacker.example';
  const cors = (acao: string, acac?: string) =>
    names(
      corsFindings(
        answer([['Access-Control-Allow-Origin', acao], ...(acac ? ([['Access-Control-Allow-Credentials', acac]] as [string, string][]) : [])]),
        origin,
      ),
    );
  expect(cors(origin, 'true')).toEqual(['corsCredentials']);
  expect(cors('*', 'TRUE')).toEqual(['corsCredentials']);
  expect(cors('null', 'true')).toEqual(['corsCredentials']);
  expect(cors(origin)).toEqual([]);
  expect(cors('*')).toEqual([]);
  expect(cors('https://merchant.example', 'true')).toEqual([]);
});

test('cookies: HttpOnly, SameSite and (on https) Secure; only the name is quoted', () => {
  const cookies = (value: string, https = false) => cookieFindings(answer([['Set-Cookie', value]]), https);
  expect(names(cookies('sid=abc; Path=/; HttpOnly; SameSite=Lax'))).toEqual([]);
  expect(names(cookies('sid=abc; Path=/; HttpOnly; SameSite=Lax', true))).toEqual(['cookieFlags']);
  expect(names(cookies('sid=abc; HttpOnly; SameSite=None'))).toEqual(['cookieFlags']);
  const [finding] = cookies('sid=secret-value; Path=/');
  expect(finding?.received).toContain('sid without HttpOnly, SameSite');
  expect(finding?.received).not.toContain('secret-value');
});
