// How the checks of every address a payment page hands out read and tamper addresses: the http(s) address inside
// an app address, decoded; each address once, fragments aside; a redirect's target; the marks that name another
// payment; every tampering of a form, those that keep the form's address last.
import { test, expect } from '@playwright/test';
import type { InvoiceResponse } from '../../contracts/index.js';
import { markIn, marksOf } from '../../suite/checks/address-own-payment.js';
import { tamperingsOf } from '../../suite/checks/tamperings.js';
import type { Exchange } from '../../suite/harness/exchange.js';
import { AddressQueue, httpAddressesIn, OwnOrigins, redirectTarget } from '../../suite/harness/page-crawl.js';

const PAGE = 'https://pay.example/pay/0123456789abcdef0123456789abcdef';

const invoice = (redirectUrl: string, transaction: string) => ({ redirect_url: redirectUrl, transaction }) as InvoiceResponse;

test.describe('page addresses @checks', () => {
  test('an http(s) address is itself; an app address leads to the http(s) address inside it, encoded once or twice', () => {
    expect(httpAddressesIn(`${PAGE}?bank=vtb`)).toEqual([`${PAGE}?bank=vtb`]);
    expect(httpAddressesIn(`sberbankonline://payments/p2p?url=${encodeURIComponent(PAGE)}&bank=sberbank`)).toEqual([PAGE]);
    expect(httpAddressesIn(`tinkoffbank://pay?u=${encodeURIComponent(encodeURIComponent(PAGE))}`)).toEqual([PAGE]);
    expect(httpAddressesIn('vtb://payments/p2p?token=0123456789abcdef')).toEqual([]);
  });

  test('each address is taken once, its fragment aside, up to the bound', () => {
    const queue = new AddressQueue(2);
    expect(queue.add({ url: `${PAGE}#pay-1`, from: 'a' })).toBe(true);
    expect(queue.add({ url: `${PAGE}#pay-2`, from: 'b' })).toBe(false);
    expect(queue.add({ url: `${PAGE}/pay`, from: 'c' })).toBe(true);
    expect(queue.add({ url: `${PAGE}/decline`, from: 'd' })).toBe(false);
    expect([queue.next()?.url, queue.next()?.url, queue.next()]).toEqual([PAGE, `${PAGE}/pay`, undefined]);
  });

  test("a redirect's target is its Location resolved against the request; other answers have none", () => {
    const answer = (status: number, location?: string) =>
      ({
        request: { method: 'GET', url: 'https://pay.example/go/x', headers: {} },
        response: { status, headers: location ? { location } : {}, bodyText: '', truncated: false },
        ms: 1,
        rateLimitedRetries: 0,
      }) as Exchange;
    expect(redirectTarget(answer(302, '/pay/x'))).toBe('https://pay.example/pay/x');
    expect(redirectTarget(answer(200, '/pay/x'))).toBeUndefined();
    expect(redirectTarget(answer(303))).toBeUndefined();
  });

  test("only the provider's own origins are its", () => {
    const own = new OwnOrigins('http://127.0.0.1:8080/api', PAGE);
    expect(own.owns('https://pay.example/anything')).toBe(true);
    expect(own.owns('http://127.0.0.1:8080/x')).toBe(true);
    expect(own.owns('https://merchant.example/return')).toBe(false);
    expect(own.owns('sberbankonline://pay.example/x')).toBe(false);
  });

  test('another payment is named by its transaction or by the parts of its redirect_url the own one lacks, in any decoding and letter case', () => {
    const other = invoice('https://pay.example/pay/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa?lang=ru', '6f1c2d3e-0000-4000-8000-000000000001');
    const own = invoice('https://pay.example/pay/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb?lang=ru', '6f1c2d3e-0000-4000-8000-000000000002');
    const marks = marksOf(other, own);
    expect(marks.map((m) => m.text)).toEqual([other.transaction, 'a'.repeat(32)]);
    expect(markIn(`${own.redirect_url}&bank=vtb`, marks)).toBeUndefined();
    expect(markIn(`sber://p?url=${encodeURIComponent(other.redirect_url)}`, marks)?.text).toBe('a'.repeat(32));
    expect(markIn(`https://pay.example/d?t=${other.transaction.toUpperCase()}`, marks)?.text).toBe(other.transaction);
  });

  test("every part of a form is replaced by each value, and identifier fields are added; the form's own address last", () => {
    const id = { value: '4', what: "B's id" };
    const transaction = { value: 'tx-b', what: "B's transaction" };
    const t = tamperingsOf({ action: `${PAGE}/pay?step=2`, method: 'post', fields: [['payment_id', '3']] }, [id, transaction], { id, transaction });
    // 3 path segments, 1 query parameter and 1 field, each by two values; 4 names added as a field and as a parameter.
    expect(t).toHaveLength(3 * 2 + 2 + 2 + 4 * 2);
    expect(t[0]!.url).toBe('https://pay.example/4/0123456789abcdef0123456789abcdef/pay?step=2');
    expect(t.slice(0, 8).every((x) => x.url !== `${PAGE}/pay?step=2`)).toBe(true);
    expect(t[8]).toMatchObject({ url: `${PAGE}/pay?step=2`, fields: [['payment_id', '4']] });
    expect(t.slice(10).map((x) => x.what)).toContain("field token=B's transaction added");
    expect(t.at(-1)!.url).toBe(`${PAGE}/pay?step=2&token=tx-b`);
  });
});
