import { expect, test } from './fixtures.js';

test.describe('payment page and states', () => {
  test('the page shows amount, recipient and the buttons Pay and Decline; Pay moves to deposited', async ({ api, page }) => {
    const inv = (await api.invoice({ amount: 123456 })).json;
    await page.goto(inv.redirect_url);
    await expect(page.locator('html')).toHaveAttribute('lang', /.+/);
    await expect(page).toHaveTitle(/Payment/);
    await expect(page.getByText('1 234,56 ₽')).toBeVisible();
    const c = inv.payment.credentials;
    if ('card_pan' in c) await expect(page.getByText(c.card_pan.slice(-4))).toBeVisible();
    else await expect(page.getByText(c.phone)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.locator('#state')).toHaveText('deposited');
    const s = (await api.status(inv.transaction)).json.payment;
    expect(s).toMatchObject({ state: 'deposited', error_code: null, error_description: null });
  });

  test('the fast-payment-system recipient shows phone and holder', async ({ api, page }) => {
    let inv = (await api.invoice()).json;
    if (!('phone' in inv.payment.credentials)) inv = (await api.invoice()).json;
    await page.goto(inv.redirect_url);
    await expect(page.getByText(inv.payment.credentials.phone)).toBeVisible();
    await expect(page.getByText(inv.payment.credentials.holder)).toBeVisible();
  });

  test('Decline moves to declined with non-null error_code and error_description', async ({ api, page }) => {
    const inv = (await api.invoice()).json;
    await page.goto(inv.redirect_url);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.locator('#state')).toHaveText('declined');
    const s = (await api.status(inv.transaction)).json.payment;
    expect(s.state).toBe('declined');
    expect(s.error_code).not.toBeNull();
    expect(typeof s.error_description).toBe('string');
  });

  test('a final state never changes again: a second press gets 409 and nothing changes', async ({ api, page }) => {
    const inv = (await api.invoice()).json;
    await page.goto(inv.redirect_url);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.goto(inv.redirect_url);
    const [response] = await Promise.all([page.waitForResponse(/\/decline$/), page.getByRole('button', { name: 'Decline' }).click()]);
    expect(response.status()).toBe(409);
    await expect(page.locator('#state')).toHaveText('deposited');
    const again = await api.press(inv.redirect_url, 'pay');
    expect(again.status).toBe(409);
    expect(Object.keys(again.json)).toEqual(['message']);
    expect((await api.status(inv.transaction)).json.payment.state).toBe('deposited');
  });

  test('an unknown token gets 404 (HTML for a browser, JSON otherwise); GET on an action is 405', async ({ api, page }) => {
    const res = await page.goto(`${api.url}/pay/unknown-token`);
    expect(res?.status()).toBe(404);
    const json = await api.send('/pay/unknown-token');
    expect(json.status).toBe(404);
    expect(Object.keys(json.json)).toEqual(['message']);
    const inv = (await api.invoice()).json;
    const get = await api.send(new URL(inv.redirect_url).pathname + '/pay');
    expect(get.status).toBe(405);
  });
});

test.describe("the page's headers beyond the passive set", () => {
  test('the page carries a CSP with object-src and base-uri none and a report location, COOP same-origin and no cookie; reports are taken', async ({ api }) => {
    const inv = (await api.invoice()).json;
    const page = await fetch(inv.redirect_url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'; object-src 'none'; base-uri 'none'; report-uri /csp-reports");
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.has('set-cookie')).toBe(false);
    const report = await fetch(new URL('/csp-reports', inv.redirect_url), {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: '{}',
    });
    expect(report.status).toBe(204);
  });
});

test.describe('what the page lets other origins learn', () => {
  test('the page sends Referrer-Policy strict-origin-when-cross-origin and CORP same-origin, and answers no JSONP', async ({ api }) => {
    const inv = (await api.invoice()).json;
    const page = await fetch(inv.redirect_url, { headers: { accept: 'text/html' } });
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const jsonp = await fetch(`${inv.redirect_url}?callback=cb`);
    expect(await jsonp.text()).not.toMatch(/cb\(/);
  });
});
