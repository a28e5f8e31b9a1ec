import { type HttpReceiver, startReceiver } from '@kassa-payments/devkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, MERCHANT, PRODUCTION, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The widget host's JSON side over real HTTP (the pages themselves are tested in Chromium,
// widget.browser.test.ts): the redirect route, the status the widget polls, QR images, the sandbox's
// confirmation; on the storage of this run.
const ALL = 30; // all four methods
const SBP_ONLY = 31;
let t: TestKassa;
let hooks: HttpReceiver;

beforeAll(async () => {
  hooks = await startReceiver();
  const project = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    defaultPrice: { amount: '10.00', currency: 'RUB' },
    webhookUrl: `${hooks.url}/hooks`,
    webhookSecret: `whsec_${Buffer.from('widget-e2e-webhook-secret-0123').toString('base64')}`,
    ...extra,
  });
  t = await startTestKassa(
    {},
    { seed: { partners: [{ login: MERCHANT.login, password: MERCHANT.password, projects: [project(ALL, { paymentMethods: ['sbp', 'sberpay', 'tpay', 'mirpay'] }), project(SBP_ONLY)] }] } },
  );
});
afterAll(async () => {
  await t.stop();
  await hooks.close();
});

let n = 0;
async function cardInvoice(projectId = ALL) {
  n += 1;
  const created = dataOf(
    await t.client().createInvoice(projectId, {
      client_ip: '203.0.113.7',
      customer: { type: 'undefined_bank_card', source: 'shop', merchant_customer_id: `p-${n}-${Date.now()}`, country: 'RU' },
      order: { merchant_order_id: `wid-${n}-${Date.now() % 100000}`, price: { amount: '25.00', currency: 'RUB' } },
    }),
  );
  return { id: created.invoice_id, token: created.authorization.token as string };
}
const get = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${t.kassa.urls.widget}${path}`, init);
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    type,
    cors: res.headers.get('access-control-allow-origin'),
    body: type.startsWith('application/json') ? ((await res.json()) as { success: boolean; data: Record<string, unknown>; error: { code: string } }) : undefined,
    text: type.startsWith('application/json') ? '' : await res.text(),
  };
};
const pay = (id: string, method: string, token: string) => get(`/Card/Handlers/${id}/pay?method=${method}&t=${encodeURIComponent(token)}`);

describe('the redirect route GET /Card/Handlers/<invoice_id>/pay', () => {
  it('sbp: the QR payload and image, and in the test environment sandbox_confirm_url', async () => {
    const { id, token } = await cardInvoice();
    const a = await pay(id, 'sbp', token);
    expect([a.status, a.cors]).toEqual([200, '*']);
    expect(a.body?.data).toMatchObject({ invoice_id: id, method: 'sbp', payment_method: 'sbp', state: 'open' });
    expect(String(a.body?.data['qr_payload'])).toContain(`/Card/Sbp/bank.html?invoiceId=${id}`);
    const image = await fetch(String(a.body?.data['qr_image_url']).replace('localhost', '127.0.0.1'));
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(await image.text()).toMatch(/^<svg /);
    expect(String(a.body?.data['sandbox_confirm_url'])).toContain(`/Card/Handlers/${id}/sandbox-confirm?method=sbp`);
  });

  it('the three wallets, each in its _desktop and _mobile forms: a deep link; a QR on the desktop only', async () => {
    const { id, token } = await cardInvoice();
    for (const wallet of ['sberpay', 'tpay', 'mirpay']) {
      const plain = await pay(id, wallet, token);
      expect(plain.body?.data).toMatchObject({ method: wallet, payment_method: `${wallet}_desktop` });
      const desktop = await pay(id, `${wallet}_desktop`, token);
      expect(desktop.body?.data).toHaveProperty('qr_image_url');
      expect(desktop.body?.data).toHaveProperty('deep_link');
      const mobile = await pay(id, `${wallet}_mobile`, token);
      expect(mobile.body?.data).toMatchObject({ payment_method: `${wallet}_mobile` });
      expect(mobile.body?.data).not.toHaveProperty('qr_image_url');
      expect(String(mobile.body?.data['deep_link'])).toContain(`method=${wallet}`);
    }
  });

  it('an unknown code is 400, an invalid or foreign token 401, a method the project does not offer 422', async () => {
    const { id, token } = await cardInvoice();
    const other = await cardInvoice();
    expect((await pay(id, 'paypal', token)).status).toBe(400);
    expect((await pay(id, '', token)).status).toBe(400);
    const bad = await pay(id, 'sbp', `${token}x`);
    expect([bad.status, bad.body?.error.code]).toEqual([401, 'WIDGET_TOKEN_INVALID']);
    expect((await pay(id, 'sbp', other.token)).status).toBe(401);
    expect((await pay(id, 'sbp', '')).status).toBe(401);
    const sbpOnly = await cardInvoice(SBP_ONLY);
    const tpay = await pay(sbpOnly.id, 'tpay', sbpOnly.token);
    expect([tpay.status, tpay.body?.error.code]).toEqual([422, 'INVALID_PAYMENT_METHOD']);
    expect((await pay(sbpOnly.id, 'sbp', sbpOnly.token)).status).toBe(200);
  });

  it('sandbox_confirm_url by GET completes the payment once: Processed/PAID, payment.updated delivered; by POST too', async () => {
    for (const method of ['GET', 'POST']) {
      const { id, token } = await cardInvoice();
      const confirm = String((await pay(id, 'tpay_mobile', token)).body?.data['sandbox_confirm_url']).replace('localhost', '127.0.0.1');
      const first = await fetch(confirm, { method });
      expect(first.status).toBe(200);
      expect(((await first.json()) as { data: Record<string, unknown> }).data).toMatchObject({ status: 'Processed', payment_status: 'PAID', transaction: { status: 'SUCCESS' } });
      expect((await fetch(confirm, { method })).status).toBe(200); // again: nothing more to pay
      const invoice = dataOf(await t.client().getInvoice(ALL, id));
      expect([invoice.status, invoice.payment_status, invoice.transactions.length]).toEqual(['Processed', 'PAID', 1]);
      const delivered = await eventually(
        async () => hooks.received.filter((r) => r.body.includes(id)),
        (list) => list.length > 0,
        5_000,
      );
      expect(JSON.parse(delivered[0]?.body ?? '{}')).toMatchObject({ type: 'payment.updated', data: { invoice: { invoice_id: id, payment_status: 'PAID' } } });
    }
  });
});

describe('the status the widget polls', () => {
  it('answers state, failed attempts and the methods; 401 for a bad token', async () => {
    const { id, token } = await cardInvoice(SBP_ONLY);
    const status = await get(`/Card/Sbp/status?invoiceId=${id}&t=${encodeURIComponent(token)}`);
    expect([status.status, status.cors]).toEqual([200, '*']);
    expect(status.body?.data).toEqual({
      invoice_id: id,
      status: 'Created',
      payment_status: 'NOT_PAID',
      state: 'open',
      failed_attempts: 0,
      amount: { amount: '25.00', currency: 'RUB' },
      methods: ['card', 'sbp'],
    });
    expect((await get(`/Card/Sbp/status?invoiceId=${id}&token=${encodeURIComponent(token)}`)).status).toBe(200); // the legacy name
    expect((await get(`/Card/Sbp/status?invoiceId=${id}&t=nope`)).status).toBe(401);
  });

  it('embed.js is small JavaScript any page may load; widget.html without a valid token is the invalid-link page (401, HTML)', async () => {
    const script = await fetch(`${t.kassa.urls.widget}/Card/Sbp/embed.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect([script.status, script.headers.get('content-type'), script.headers.get('access-control-allow-origin')]).toEqual([200, 'text/javascript; charset=utf-8', '*']);
    expect(await script.text()).toContain('window.SbpWidget');
    const page = await get('/Card/Sbp/widget.html?invoiceId=x&t=y&lang=en');
    expect([page.status, page.type]).toEqual([401, 'text/html; charset=utf-8']);
    expect(page.text).toContain('invalid');
  });

  it('a page path in another case is still a page: a broken JSON body there gets a page, not the API envelope', async () => {
    const res = await fetch(`${t.kassa.urls.widget}/card/sbp/PAY`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken' });
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.status).toBeLessThan(500);
  });

  it('a form path with a trailing slash is still a page: a form body in a charset it cannot read gets a page (the fuzzer found it, seed 585362)', async () => {
    const res = await fetch(`${t.kassa.urls.widget}/Card/Sbp/simulate/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-16' }, body: 'token=x' });
    expect([res.status, res.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
  });
});

describe('the card form', () => {
  it('pays, answers 303, and no log line holds the card, its code or the token; a form error answers 400 with the page', async () => {
    const { id, token } = await cardInvoice();
    const form = (pan: string) => new URLSearchParams({ invoiceId: id, t: token, lang: 'en', card_number: pan, card_expiry: '12/30', card_security_code: '739', cardholder: 'ANNA PAYER' }).toString();
    const post = (body: string) => fetch(`${t.kassa.urls.widget}/Card/Sbp/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const wrong = await post(form('4111111111111112'));
    expect([wrong.status, wrong.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
    const page = await wrong.text();
    expect(page).toContain('The card number is not valid');
    expect(page).not.toContain('4111111111111112');
    const paid = await post(form('4111 1111 1111 1111'));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('/Card/Sbp/widget.html');
    expect(dataOf(await t.client().getInvoice(ALL, id)).payment_status).toBe('PAID');
    const logs = t.logs.join('\n');
    // The code is a short number: searched as the field that would carry it.
    for (const secret of ['4111111111111111', '4111 1111 1111 1111', '4111111111111112', 'card_security_code', 'ANNA', token.split('.')[2] as string]) expect(logs).not.toContain(secret);
  });
});

describe('production', () => {
  it('has no sandbox: no sandbox_confirm_url, and the confirmation route is not found', async () => {
    const prod = await startTestKassa(PRODUCTION, { seed: { partners: [{ login: MERCHANT.login, password: MERCHANT.password, projects: [{ id: 1, paymentMethods: ['sbp'] }] }] } });
    try {
      const created = dataOf(
        await prod.client().createInvoice(1, {
          client_ip: '203.0.113.7',
          customer: { type: 'undefined_bank_card', source: 's', merchant_customer_id: 'm', country: 'RU' },
          order: { merchant_order_id: 'p-1', price: { amount: '1.00', currency: 'RUB' } },
        }),
      );
      const token = encodeURIComponent(created.authorization.token as string);
      const route = await fetch(`${prod.kassa.urls.widget}/Card/Handlers/${created.invoice_id}/pay?method=sbp&t=${token}`);
      expect(((await route.json()) as { data: Record<string, unknown> }).data).not.toHaveProperty('sandbox_confirm_url');
      expect((await fetch(`${prod.kassa.urls.widget}/Card/Handlers/${created.invoice_id}/sandbox-confirm?method=sbp&t=${token}`)).status).toBe(404);
    } finally {
      await prod.stop();
    }
  });
});
