import { createHmac } from 'node:crypto';
import { type HttpReceiver, startReceiver } from '@kassa-payments/devkit';
import { verifySubscriptionNotification } from '@kassa-payments/protocol';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.js';
import { dataOf, eventually, MERCHANT, P, PRODUCTION, SEED, startTestKassa, type TestKassa } from './e2e.fixture.js';

// `kassa trigger` against a running Kassa, as a developer runs it: credentials from the
// environment, the objects made through the JSON API (subscriptions through the subscription
// service), the event's id printed once it is recorded; the subscription notifications received by
// a real receiver at the project's subscription notification URL.
const SUBS = 8;
const SUBS_SECRET = `whsec_${Buffer.from('kassa-trigger-subscription-secret').toString('base64')}`;
/** The test seed and a project with the subscription service (its notifications to `notificationUrl`). */
const seedWithSubscriptions = (notificationUrl?: string) => ({
  partners: SEED.partners.map((p) =>
    p.login === MERCHANT.login
      ? {
          ...p,
          projects: [
            ...p.projects,
            { id: SUBS, defaultPrice: { amount: '10.00', currency: 'RUB' }, subscriptionSecret: SUBS_SECRET, ...(notificationUrl ? { subscriptionNotificationUrl: notificationUrl } : {}) },
          ],
        }
      : p,
  ),
});
let t: TestKassa;
let receiver: HttpReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestKassa({}, { seed: seedWithSubscriptions(`${receiver.url}/subs`) });
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await receiver?.close();
});

async function kassa(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const base = { KASSA_API_URL: t.kassa.urls.api, KASSA_LOGIN: MERCHANT.login, KASSA_PASSWORD: MERCHANT.password, KASSA_PROJECT: String(P.noIp) };
  const code = await runCli(args, { env: { ...base, ...env }, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** The subscription events' environment: the project with the subscription service, its host and secret. */
const subscriptionEnv = (): Record<string, string> => ({ KASSA_PROJECT: String(SUBS), KASSA_SUBS_URL: t.kassa.urls.subs, KASSA_SUBSCRIPTION_SECRET: SUBS_SECRET });

const xml = new XMLParser({ parseTagValue: false });
/** The SubscriptionStatusNotifications the receiver got for a subscription, each signed with the project's secret. */
const notificationsOf = (subscriptionId: string) =>
  receiver.received
    .filter((r) => r.path === '/subs' && r.body.includes(subscriptionId))
    .map((r) => {
      expect(verifySubscriptionNotification(r.body, SUBS_SECRET)).toBe(true);
      return (xml.parse(r.body) as { SubscriptionStatusNotification: Record<string, string> }).SubscriptionStatusNotification;
    });
const waitForNotification = (subscriptionId: string, eventType: string) =>
  eventually(
    async () => notificationsOf(subscriptionId).filter((n) => n['EventType'] === eventType),
    (found) => found.length > 0,
    8_000,
  );

/** A signed GetSubscriptions (the spec's version 1 signature, written out): the project's subscriptions on `subsUrl`. */
async function subscriptionsOn(subsUrl: string): Promise<string> {
  const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const signature = createHmac('sha256', SUBS_SECRET).update(`${SUBS}${now}`).digest('hex');
  const body = `<?xml version="1.0" encoding="utf-8"?><Request><SubscriptionProjectID>${SUBS}</SubscriptionProjectID><Now>${now}</Now><Signature>${signature}</Signature></Request>`;
  return (await fetch(`${subsUrl}/Http/Services/GetSubscriptions`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body })).text();
}

describe('kassa trigger (the test environment only)', { timeout: 60_000 }, () => {
  it.each(['contract.authorized', 'contract.closed', 'payment.updated', 'refund.completed'])('%s: prints the ids and the event id, which the events list has', async (event) => {
    const run = await kassa(['trigger', event, '--json']);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const made = JSON.parse(run.out.join('\n')) as { event: string; event_id: string; invoice_id?: string };
    expect(made.event).toBe(event);
    const listed = dataOf(await t.client().listEvents(P.noIp, { type: event as 'payment.updated', limit: 100 }));
    expect(listed.items.some((e) => e.id === made.event_id)).toBe(true);
  });

  it.each(['contract.authorized', 'contract.closed', 'payment.updated', 'refund.completed'])(
    "%s on a project that requires client_ip (as the quick start's demo project does): every request sends one",
    async (event) => {
      const run = await kassa(['trigger', event, '--json'], { KASSA_PROJECT: String(P.main) });
      expect(run.err).toEqual([]);
      expect(run.code).toBe(0);
      const made = JSON.parse(run.out.join('\n')) as { event_id: string };
      const listed = dataOf(await t.client().listEvents(P.main, { type: event as 'payment.updated', limit: 100 }));
      expect(listed.items.some((e) => e.id === made.event_id)).toBe(true);
    },
  );

  it('--override client_ip reaches every request it makes, the contract first', async () => {
    // A refused address is refused where it is first sent: the contract, not (as before) the invoice.
    const refused = await kassa(['trigger', 'payment.updated', '--override', 'client_ip=not-an-address'], { KASSA_PROJECT: String(P.main) });
    expect(refused.code).toBe(2);
    expect(refused.err.join('\n')).toMatch(/creating the contract: 400 .*client_ip/);
    const run = await kassa(['trigger', 'refund.completed', '--override', 'client_ip=198.51.100.20', '--json'], { KASSA_PROJECT: String(P.main) });
    expect(run.code, run.err.join('\n')).toBe(0);
  });

  it('payment.updated --declined makes a failed charge; --override sets request fields', async () => {
    const run = await kassa([
      'trigger',
      'payment.updated',
      '--declined',
      '--override',
      'order.price.amount=99.00',
      '--override',
      'order.price.currency=RUB',
      '--override',
      'order.description=from trigger',
      '--json',
    ]);
    expect(run.code, run.err.join('\n')).toBe(0);
    const { invoice_id } = JSON.parse(run.out.join('\n')) as { invoice_id: string };
    const invoice = dataOf(await t.client().getInvoice(P.noIp, invoice_id));
    expect([invoice.payment_status, invoice.price.amount]).toEqual(['NOT_PAID', '99.00']);
  });

  it('says why and exits non-zero: an unknown event, a bad override, missing credentials, a refused signature', async () => {
    expect(await kassa(['trigger', 'invoice.teleported'])).toMatchObject({ code: 1, err: [expect.stringContaining('unknown event')] });
    expect(await kassa(['trigger', 'contract.authorized', '--override', 'no-equals'])).toMatchObject({ code: 1, err: [expect.stringContaining('PATH=VALUE')] });
    // An override no request of the event takes is named, not dropped: a typo, or an invoice's field on a contract event.
    expect(await kassa(['trigger', 'payment.updated', '--override', 'ordr.price.amount=99.00'])).toMatchObject({ code: 1, err: [expect.stringContaining('--override ordr.price.amount: no request')] });
    expect(await kassa(['trigger', 'contract.authorized', '--override', 'order.price.amount=99.00'])).toMatchObject({
      code: 1,
      err: [expect.stringContaining('no request contract.authorized makes')],
    });
    expect(await kassa(['trigger', 'contract.authorized'], { KASSA_PASSWORD: '' })).toMatchObject({ code: 1, err: [expect.stringContaining('KASSA_PASSWORD')] });
    expect(await kassa(['trigger', 'contract.authorized'], { KASSA_PASSWORD: 'not-the-password' })).toMatchObject({ code: 2, err: [expect.stringContaining('AUTH_INVALID_SIGNATURE')] });
  });

  it('refuses production, where its objects would be real: the JSON API, and the subscription service', async () => {
    const production = await startTestKassa(PRODUCTION, { seed: seedWithSubscriptions() });
    try {
      for (const event of ['contract.authorized', 'subscription.activated']) {
        const run = await kassa(['trigger', event], { ...subscriptionEnv(), KASSA_API_URL: production.kassa.urls.api, KASSA_SUBS_URL: production.kassa.urls.subs });
        expect([run.code, run.err.join('\n')]).toEqual([2, expect.stringContaining('test environment only')]);
      }
      // The JSON API is the test environment's, the subscription service production's: refused before anything is made there.
      const mixed = await kassa(['trigger', 'subscription.charged'], { ...subscriptionEnv(), KASSA_SUBS_URL: production.kassa.urls.subs });
      expect([mixed.code, mixed.err.join('\n')]).toEqual([2, expect.stringContaining(`subscription service at ${production.kassa.urls.subs} is production's`)]);
      const listed = await subscriptionsOn(production.kassa.urls.subs);
      expect(listed).toContain('<StatusName>REQUEST_ACCEPTED</StatusName>');
      expect(listed).not.toContain('<Subscriptions>');
    } finally {
      await production.stop();
    }
  });
});

describe("kassa trigger: the subscription service's notifications", { timeout: 60_000 }, () => {
  it.each([
    ['subscription.activated', 'ACTIVATED', 'Active'],
    ['subscription.charged', 'CHARGE', 'Active'],
    ['subscription.cancelled', 'CANCELLED', 'Cancelled'],
  ])('%s: prints the subscription id and the event id, which the events list has; the notification URL gets %s (%s)', async (event, eventType, status) => {
    const run = await kassa(['trigger', event, '--json'], subscriptionEnv());
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const made = JSON.parse(run.out.join('\n')) as { event: string; event_id: string; subscription_id: string; test_clock_id?: string };
    expect(made.event).toBe(event);
    const listed = dataOf(await t.client().listEvents(SUBS, { type: event as 'subscription.activated', limit: 100 })).items.find((e) => e.id === made.event_id);
    expect(listed?.data).toMatchObject({ subscription_id: made.subscription_id, status: status });
    const [notification] = await waitForNotification(made.subscription_id, eventType);
    expect(notification).toMatchObject({ SubscriptionID: made.subscription_id, SubscriptionProjectID: String(SUBS), SubscriptionStatus: status });
    // The notification is the event's delivery, listed as any other.
    const deliveries = dataOf(await t.client().listWebhookDeliveries(SUBS, { eventId: made.event_id })).items;
    expect(deliveries.map((d) => d.url)).toEqual([`${receiver.url}/subs`]);
    if (event === 'subscription.charged') {
      // One charge, on the test clock advanced past it: successful, at the default amount.
      expect(notification).toMatchObject({ BillingResult: 'Success', CustomerPrice: '10.00', Currency: 'RUB' });
      expect(notificationsOf(made.subscription_id).filter((n) => n['EventType'] === 'CHARGE')).toHaveLength(1);
      expect(dataOf(await t.client().getTestClock(SUBS, made.test_clock_id as string)).status).toBe('ready');
    } else {
      expect(made.test_clock_id).toBeUndefined();
    }
  });

  it('prints its ids as lines without --json', async () => {
    const run = await kassa(['trigger', 'subscription.activated'], subscriptionEnv());
    expect(run.code, run.err.join('\n')).toBe(0);
    expect(run.out).toEqual([expect.stringMatching(/^subscription_id [0-9a-f-]{36}$/), expect.stringMatching(/^subscription\.activated \S+$/)]);
  });

  it('subscription.charged --declined with overrides: a declined charge at the overridden price, to the overridden number', async () => {
    const run = await kassa(
      ['trigger', 'subscription.charged', '--declined', '--override', 'TestInfo.BillingAmount=25.50', '--override', 'Subscriber_MSISDN=79012345678', '--json'],
      subscriptionEnv(),
    );
    expect(run.code, run.err.join('\n')).toBe(0);
    const made = JSON.parse(run.out.join('\n')) as { event_id: string; subscription_id: string };
    const [charge] = await waitForNotification(made.subscription_id, 'CHARGE');
    expect(charge).toMatchObject({ BillingResult: 'Failed', CustomerPrice: '25.50', Subscriber_MSISDN: '79012345678', SubscriptionStatus: 'Active' });
    const listed = dataOf(await t.client().listEvents(SUBS, { type: 'subscription.charged', limit: 100 })).items.find((e) => e.id === made.event_id);
    expect(listed?.data).toMatchObject({ result: 'Failed', amount: { amount: '25.50', currency: 'RUB' } });
  });

  it('says why and exits non-zero: an override that does not apply, no secret, no host beside another API, a wrong secret', async () => {
    const notApplicable = await kassa(['trigger', 'subscription.activated', '--override', 'order.price.amount=99.00'], subscriptionEnv());
    expect(notApplicable).toMatchObject({ code: 1, err: [expect.stringContaining('TestInfo.BillingAmount')] });
    expect(await kassa(['trigger', 'subscription.cancelled'], { ...subscriptionEnv(), KASSA_SUBSCRIPTION_SECRET: '' })).toMatchObject({
      code: 1,
      err: [expect.stringContaining('KASSA_SUBSCRIPTION_SECRET')],
    });
    const { KASSA_SUBS_URL: _, ...withoutHost } = subscriptionEnv();
    expect(await kassa(['trigger', 'subscription.activated'], withoutHost)).toMatchObject({ code: 1, err: [expect.stringContaining('KASSA_SUBS_URL')] });
    const wrongSecret = await kassa(['trigger', 'subscription.activated'], {
      ...subscriptionEnv(),
      KASSA_SUBSCRIPTION_SECRET: `whsec_${Buffer.from('not-the-secret-of-this-project').toString('base64')}`,
    });
    expect(wrongSecret).toMatchObject({ code: 2, err: [expect.stringContaining('refused the signature')] });
    // The secret never reaches the output.
    expect([...wrongSecret.out, ...wrongSecret.err].join('\n')).not.toContain('whsec_');
  });
});
