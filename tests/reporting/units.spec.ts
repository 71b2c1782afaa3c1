// Unit self-tests of the reporting helpers: response shapes, rule title suffixes, section links.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { requirements } from '../../contracts/requirements.js';
import { rule } from '../harness/rule.js';
import { REPO_ROOT } from '../harness/reporters/reports-dir.js';
import { jsonShape, responseShape } from '../harness/reporters/shape.js';
import { localizeEpic } from '../harness/reporters/allure.js';
import { PROFILE_HEADINGS, SPEC_HEADINGS, anchor, headingOf, sectionLink } from '../harness/reporters/spec-links.js';
import { stripRuleSuffix } from '../harness/reporters/summary-reporter.js';

test('response shapes: sorted keys, type names, arrays, data-keyed maps collapsed', () => {
  const invoice = {
    transaction: 'x',
    redirect_url: 'https://p',
    payment: { id: 1, state: 'processing', error_code: null, error_description: null, credentials: { card_pan: '220000******0004' }, created_at: 't' },
    deeplink: { SBER_FOREIGN: 'a', TINKOFF_FOREIGN: 'b', VTB_FOREIGN: 'c' },
  };
  expect(jsonShape(invoice)).toBe(
    '{deeplink:{*:string},payment:{created_at:string,credentials:{card_pan:string},error_code:null,error_description:null,id:number,state:string},redirect_url:string,transaction:string}',
  );
  expect(jsonShape({ amount: ['m'], 'payload.client_id': ['m', 'n'] })).toBe('{amount:[string],payload.client_id:[string]}');
  expect(jsonShape({ ok: true, list: [1, 'a', 2], empty: [], nested: {} })).toBe('{empty:[],list:[number|string],nested:{},ok:boolean}');
  expect(jsonShape({ A_FOREIGN: 'x', B_FOREIGN: 1 })).toBe('{"A_FOREIGN":string,"B_FOREIGN":number}');
  expect(responseShape({ request: {}, response: { status: 422, headers: {}, bodyText: '{}', json: { amount: ['x'] } } })).toBe('HTTP 422 {amount:[string]}');
  expect(responseShape({ request: {}, response: { status: 405, headers: {}, bodyText: '' } })).toBe('HTTP 405 empty');
  expect(responseShape({ request: {}, response: { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' }, bodyText: '<p>' } })).toBe('HTTP 500 text/html');
  expect(responseShape({ request: {}, transportError: 'ECONNRESET' })).toBe('no response');
  expect(responseShape('nonsense')).toBeUndefined();
});

test('the [IDs] suffix comes off a rule title, and only that', () => {
  const [title] = rule(['DOC-LIMIT-INV-AMOUNT', 'PRO-VAL-AMOUNT-RANGE'], 'amounts [10 000..40 000 000] are refused');
  expect(stripRuleSuffix(title)).toBe('amounts [10 000..40 000 000] are refused');
  expect(stripRuleSuffix('a plain title')).toBe('a plain title');
});

test('rule() adds the Allure labels and the section link of its first rule', () => {
  const [, details] = rule(['DOC-PAY-CREATED_AT', 'PRO-INV-SUCCESS'], 'x');
  const annotations = Array.isArray(details.annotation) ? details.annotation : [details.annotation!];
  const byType = Object.fromEntries(annotations.filter((a) => a.type !== 'rule').map((a) => [a.type, a.description]));
  expect(byType).toEqual({
    '@allure.label.epic': 'invoice',
    '@allure.label.feature': 'Resources / payment object',
    '@allure.label.story': 'DOC-PAY-CREATED_AT created_at has the shape YYYYMMDDTHHMMSS.ffffffZ',
    '@allure.label.severity': 'critical',
    tms: 'payment-transfer-service.md#payment-object',
  });
  expect(annotations.filter((a) => a.type === 'rule').map((a) => a.description)).toEqual(['DOC-PAY-CREATED_AT', 'PRO-INV-SUCCESS']);
  expect(details.tag).toEqual(['@documented']);
});

test('a check of a rule for every operation is filed in Allure under the operation it ran against', () => {
  const [, details] = rule('PRO-ERR-MALFORMED', 'x');
  const annotations = (Array.isArray(details.annotation) ? details.annotation : [details.annotation!]).map((a) => ({ ...a }));
  const epic = () => annotations.find((a) => a.type === '@allure.label.epic')?.description;
  expect(epic()).toBe('all');
  localizeEpic(annotations, 'account2card');
  expect(epic()).toBe('account2card');
  const [, invoiceDetails] = rule('DOC-PAY-CREATED_AT', 'x');
  const own = (Array.isArray(invoiceDetails.annotation) ? invoiceDetails.annotation : [invoiceDetails.annotation!]).map((a) => ({ ...a }));
  localizeEpic(own, 'status');
  expect(own.find((a) => a.type === '@allure.label.epic')?.description, 'an operation\'s own rule keeps its epic').toBe('invoice');
});

test('every requirement section links to a heading of its document', () => {
  for (const req of requirements) {
    const headings = req.kind === 'documented' ? SPEC_HEADINGS : PROFILE_HEADINGS;
    expect(headingOf(req.section, headings), `${req.id}: section "${req.section}"`).toBeDefined();
    expect(sectionLink(req)).toMatch(/^(payment-transfer-service|defaults)\.md#[a-z0-9-]+$/);
  }
  expect(anchor('1. Invoice payment')).toBe('1-invoice-payment');
  expect(anchor('Payment page, outcomes and callbacks (assumed)')).toBe('payment-page-outcomes-and-callbacks-assumed');
  expect(sectionLink({ kind: 'documented', section: 'Resources / Payment' })).toBe('payment-transfer-service.md#payment-in-the-invoice-response');
  expect(sectionLink({ kind: 'profile', section: 'Validation failures' })).toBe('defaults.md#validation-failures-both-payment-endpoints-and-the-upload');
});

test('the copied headings still match the documents (when they are beside the repository)', () => {
  const specDir = join(REPO_ROOT, '..', 'shared', 'spec');
  test.skip(!existsSync(join(specDir, 'defaults.md')), `no ${specDir}`);
  const headings = (file: string) =>
    readFileSync(join(specDir, file), 'utf8')
      .split('\n')
      .filter((l) => /^#{1,3} /.test(l))
      .map((l) => l.replace(/^#+ /, '').trim());
  expect(headings('payment-transfer-service.md')).toEqual(SPEC_HEADINGS);
  expect(headings('defaults.md')).toEqual(PROFILE_HEADINGS);
});
