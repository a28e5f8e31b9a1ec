import { compactUtc } from '@kassa-payments/domain';
import { KassaClient, type KassaResponse } from '@kassa-payments/merchant-client';
import { signSubscriptionRequest } from '@kassa-payments/protocol';

/** The partner every upgrade data set is written by (its seed file is saved with the data). */
export const UPGRADE_PARTNER = { login: 'upgrade', password: 'upgrade-password-7f3a', project: 1 } as const;
export const UPGRADE_SUBSCRIPTION_SECRET = `whsec_${Buffer.from('upgrade-subscription-secret-0001').toString('base64')}`;
export const UPGRADE_WEBHOOK_SECRET = `whsec_${Buffer.from('upgrade-webhook-secret-000000001').toString('base64')}`;

/** The KASSA_SECRETS_KEY the MongoDB data set is sealed under (as production seals it): its reader gives the same. */
export const UPGRADE_SECRETS_KEY = Buffer.from('upgrade-fixture-secrets-key-0001').toString('base64');
/** Where the data sets' webhooks and notifications go once written: a closed port (their writer's receiver is gone). */
export const UPGRADE_CLOSED_URL = 'http://127.0.0.1:9';

/** The seed file of the data sets: one partner, one project whose webhooks and notifications go to `receiver`. */
export const upgradeSeed = (receiver: string) => ({
  partners: [
    {
      login: UPGRADE_PARTNER.login,
      password: UPGRADE_PARTNER.password,
      projects: [
        {
          id: UPGRADE_PARTNER.project,
          clientIpRequired: false,
          webhookUrl: `${receiver}/hooks`,
          webhookSecret: UPGRADE_WEBHOOK_SECRET,
          subscriptionSecret: UPGRADE_SUBSCRIPTION_SECRET,
          subscriptionNotificationUrl: `${receiver}/subs`,
        },
      ],
    },
  ],
});

/** What a data set holds, by id, with what a reader must find of each (the fixture's manifest.json). */
export interface UpgradeDataSet {
  readonly writtenBy: string;
  readonly invoices: Readonly<
    Record<'paid' | 'refunded' | 'awaitingPin' | 'cancelled', { readonly id: string; readonly status: string; readonly payment_status: string; readonly refund_status?: string }>
  >;
  readonly contracts: Readonly<Record<'active' | 'pending' | 'cancelled', { readonly id: string; readonly status: string }>>;
  readonly subscriptions: Readonly<Record<'active' | 'closed', { readonly id: string; readonly status: string }>>;
  readonly webhookEndpoint: string;
  readonly testClock: string;
  /** Every event id the API listed once the set was written. */
  readonly eventIds: readonly string[];
}

const ok = async <T>(what: string, answer: Promise<KassaResponse<T>>): Promise<T> => {
  const r = await answer;
  if (!r.ok) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.error)}`);
  return r.data;
};
const msisdn = (n: number) => `7902${String(n).padStart(7, '0')}`;

/** Calls the subscription service (XML 2.9), signed as the spec's v1; answers the Response's fields. */
export async function subscriptionCall(subsUrl: string, method: string, elements: string): Promise<Record<string, string>> {
  const now = compactUtc(new Date().toISOString());
  const request = `<Request><SubscriptionProjectID>${UPGRADE_PARTNER.project}</SubscriptionProjectID><Now>${now}</Now><Signature></Signature>${elements}</Request>`;
  const res = await fetch(`${subsUrl}/Http/Services/${method}.aspx`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body: signSubscriptionRequest(request, UPGRADE_SUBSCRIPTION_SECRET, UPGRADE_PARTNER.project, now, 'v1'),
  });
  const text = await res.text();
  const fields = Object.fromEntries([...text.matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map((m) => [m[1] as string, m[2] as string]));
  if (fields['StatusName'] !== 'REQUEST_ACCEPTED') throw new Error(`${method}: ${res.status} ${text}`);
  return fields;
}

const until = async <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/**
 * Writes one of each stored shape through a running Kassa's APIs (`urls`: its listeners), as a
 * merchant would: contracts (active, pending, cancelled), invoices (paid, refunded, awaiting a PIN,
 * cancelled), subscriptions (active, closed after its one charge), a webhook endpoint, a test clock,
 * and with them events, deliveries and idempotency keys. Answers what a reader must find.
 */
export async function writeUpgradeDataSet(urls: { readonly api: string; readonly subs: string }, writtenBy: string): Promise<UpgradeDataSet> {
  const client = new KassaClient({ baseUrl: urls.api, login: UPGRADE_PARTNER.login, password: UPGRADE_PARTNER.password });
  const p = UPGRADE_PARTNER.project;
  const contract = async (n: number, authorize: boolean) => {
    const c = await ok('contract', client.createContract(p, { customer: { type: 'mobile_phone', msisdn: msisdn(n) }, merchant_contract_id: `upgrade-contract-${n}` }));
    if (authorize) await ok('authorize contract', client.authorizeContract(p, c.contract_id, { pin_code: '1234' }));
    return c.contract_id;
  };
  const active = await contract(1, true);
  const pending = await contract(2, false);
  const cancelled = await contract(3, true);
  await ok('cancel contract', client.cancelContract(p, cancelled, {}));

  const invoice = async (n: number, onContract: boolean) =>
    (
      await ok(
        'invoice',
        client.createInvoice(p, {
          customer: { type: 'mobile_phone', msisdn: msisdn(onContract ? 1 : n) },
          ...(onContract ? { contract: { merchant_contract_id: 'upgrade-contract-1' } } : {}),
          order: { merchant_order_id: `upgrade-order-${n}`, price: { amount: `${n}.50`, currency: 'RUB' } },
        }),
      )
    ).invoice_id;
  const paid = await invoice(10, true);
  const refunded = await invoice(11, true);
  const awaitingPin = await invoice(12, false);
  const toCancel = await invoice(13, false);
  await ok('cancel invoice', client.cancelInvoice(p, toCancel));
  for (const id of [paid, refunded])
    await until(
      'charged',
      () => ok('get', client.getInvoice(p, id)),
      (i) => i.payment_status === 'PAID',
    );
  await ok('refund', client.refundInvoice(p, refunded));

  const subscription = async (n: number, test: string) => {
    const created = await subscriptionCall(urls.subs, 'CreateSubscription', `<Subscriber_MSISDN>${msisdn(n)}</Subscriber_MSISDN><TestInfo>${test}</TestInfo>`);
    const id = created['SubscriptionID'] as string;
    await subscriptionCall(urls.subs, 'ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
    return id;
  };
  const activeSubscription = await subscription(20, '<BillingPeriodSeconds>86400</BillingPeriodSeconds>');
  const closedSubscription = await subscription(21, '<BillingPeriodSeconds>1</BillingPeriodSeconds><MaxIterations>1</MaxIterations>');
  const subscriptionStatus = async (id: string) => (await subscriptionCall(urls.subs, 'GetSubscriptionStatus', `<SubscriptionID>${id}</SubscriptionID>`))['SubscriptionStatus'] ?? '';
  // Charged once, then closed (MaxIterations 1): no longer Pending nor Active.
  const closedStatus = await until(
    'subscription closed',
    () => subscriptionStatus(closedSubscription),
    (s) => s !== 'Pending' && s !== 'Active',
  );

  const endpoint = await ok('endpoint', client.createWebhookEndpoint(p, { url: 'https://merchant.example/kassa-hooks', event_types: ['payment.updated'] }));
  const clock = await ok('test clock', client.createTestClock(p, { frozen_time: '2026-01-01T00:00:00Z', name: 'upgrade' }));

  const read = async () => ({
    paid: await ok('get', client.getInvoice(p, paid)),
    refunded: await ok('get', client.getInvoice(p, refunded)),
    awaitingPin: await ok('get', client.getInvoice(p, awaitingPin)),
    cancelled: await ok('get', client.getInvoice(p, toCancel)),
  });
  const invoices = await until('refund completed', read, (i) => i.refunded.refund_status === 'completed');
  const events = await ok('events', client.listEvents(p, { limit: 100 }));
  const pick = (i: { invoice_id: string; status: string; payment_status: string; refund_status?: string | null }) => ({
    id: i.invoice_id,
    status: i.status,
    payment_status: i.payment_status,
    ...(i.refund_status ? { refund_status: i.refund_status } : {}),
  });
  return {
    writtenBy,
    invoices: { paid: pick(invoices.paid), refunded: pick(invoices.refunded), awaitingPin: pick(invoices.awaitingPin), cancelled: pick(invoices.cancelled) },
    contracts: { active: { id: active, status: 'active' }, pending: { id: pending, status: 'pending' }, cancelled: { id: cancelled, status: 'cancelled' } },
    subscriptions: {
      active: { id: activeSubscription, status: await subscriptionStatus(activeSubscription) },
      closed: { id: closedSubscription, status: closedStatus },
    },
    webhookEndpoint: endpoint.id,
    testClock: clock.test_clock_id,
    eventIds: events.items.map((e) => e.id),
  };
}
