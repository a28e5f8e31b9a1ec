import { cancelContract, openContract, type Contract } from '../contract/contract.js';
import { openInvoice, recordCharge, transactionFor, type Invoice } from '../invoice/invoice.js';
import type { ContractRepository } from '../ports/contract-repository.port.js';
import type { EventOutbox } from '../ports/event-outbox.port.js';
import type { InvoiceRepository } from '../ports/invoice-repository.port.js';
import type { SubscriptionRepository } from '../ports/subscription-repository.port.js';
import type { WebhookDeliveryRepository } from '../ports/webhook-delivery-repository.port.js';
import { describeDeliveryContract } from './delivery-repository-contract.suite.js';
import { describeEventLogContract } from './event-log-contract.suite.js';
import { describePaymentTotalsContract } from './payment-totals-contract.suite.js';
import { describeRetentionContract } from './retention-contract.suite.js';
import type { TestClockRepository } from '../ports/test-clock-repository.port.js';
import { describeTestClockContract } from './test-clock-contract.suite.js';
import { describeWebhookEndpointContract } from './webhook-endpoint-contract.suite.js';
import type { WebhookEndpointRepository } from '../ports/webhook-endpoint-repository.port.js';
import type { StorageRetention } from '../ports/storage-retention.port.js';
import type { EventLog } from '../ports/event-log.port.js';
import type { TestApi } from './test-api.js';
import type { Customer } from '../shared/customer.js';
import type { DomainEvent } from '../events/domain-event.js';
import { stamped, type EventStamp } from '../shared/events.js';
import { openSubscription, recordSubscriptionCharge, approveSubscription, type Subscription } from '../subscription/subscription.js';

export interface Repositories {
  readonly contracts: ContractRepository;
  readonly invoices: InvoiceRepository;
  readonly subscriptions: SubscriptionRepository;
  readonly outbox: EventOutbox;
  readonly deliveries: WebhookDeliveryRepository;
  readonly events: EventLog;
  readonly retention: StorageRetention;
  readonly testClocks: TestClockRepository;
  readonly endpoints: WebhookEndpointRepository;
}

const T0 = '2026-03-01T10:00:00.000Z';
let seq = 0;
const uid = () => `00000000-0000-4000-9000-${(++seq).toString(16).padStart(12, '0')}`;
const stamp = (now = T0): EventStamp => ({ now, newId: uid });
const phone = (msisdn: string): Customer => ({ type: 'mobile_phone', msisdn });

export const sampleContract = (projectId: number, msisdn: string, mcid: string): Contract =>
  openContract({ id: uid(), projectId, merchantContractId: mcid, customer: phone(msisdn), authorizationType: 'SMS_PIN', pinDigest: '1234', now: T0, lifetimeSeconds: 3600 });

export const sampleInvoice = (projectId: number, msisdn: string, orderId: string): Invoice =>
  openInvoice({
    id: uid(),
    projectId,
    merchantOrderId: orderId,
    customer: phone(msisdn),
    price: { minor: 1000, currency: 'RUB' },
    vatIncluded: true,
    description: 'd',
    applicationName: null,
    productName: null,
    authorizationType: 'BY_CONTRACT',
    contract: null,
    billingChannel: 'MC',
    pinDigest: null,
    testInfo: { expectedBillingResult: 'SuccessSequencePayment' },
    now: T0,
    lifetimeSeconds: 3600,
  });

export const sampleSubscription = (projectId: number, msisdn: string, createdAt: string): Subscription =>
  openSubscription({
    id: uid(),
    projectId,
    acceptanceChannel: 'SMS_PIN',
    subscriberMsisdn: msisdn,
    subscriberId: `sub-${msisdn}`,
    country: 'ru',
    operatorId: 22,
    pinDigest: '1234',
    billing: { periodSeconds: 60, maxIterations: 3, expectedResult: 'Success', amount: { minor: 1000, currency: 'RUB' } },
    now: createdAt,
  });

/** A refund notification of `invoice`, as the domain records it (Money, Customer, the state). */
const event = (invoice: Invoice): DomainEvent =>
  stamped(
    'invoice',
    invoice,
    { type: 'RefundCompleted', merchantOrderId: invoice.merchantOrderId, invoiceState: invoice.state, customer: invoice.customer, testCallbackUrl: null, amount: invoice.price },
    stamp(),
  );

const paid = (invoice: Invoice): Invoice => {
  const tx = transactionFor(invoice, { status: 'SUCCESS', resultCode: 0, resultDescription: 'SUCCESS', billingChannel: 'MC', serviceNumber: '0' }, uid(), T0);
  const next = recordCharge(invoice, tx, stamp()).next;
  if (!next) throw new Error('sample invoice could not be charged');
  return next;
};

/**
 * The storage rules every adapter obeys, written once: round trips, compare-and-set versions, unique
 * keys (released when a record stops being live), lookups, due work and the outbox.
 */
export function describeRepositoryContract(name: string, fresh: () => Promise<Repositories>, t: TestApi): void {
  const { describe, it, expect } = t;

  describe(`repositories: ${name}`, () => {
    it('contracts: round trip, another project sees nothing', async () => {
      const { contracts } = await fresh();
      const c = sampleContract(1, '79000000001', 'mc');
      expect((await contracts.create(c, [])).ok).toBe(true);
      expect(await contracts.get(1, c.id)).toEqual(c);
      expect(await contracts.get(2, c.id)).toBeUndefined();
      expect(await contracts.findLive(1, 'msisdn:79000000001', 'mc')).toEqual(c);
      expect(await contracts.findLive(2, 'msisdn:79000000001', 'mc')).toBeUndefined();
    });

    it('contracts: save is compare-and-set; of concurrent saves of one version exactly one wins', async () => {
      const { contracts } = await fresh();
      const c = sampleContract(1, '79000000002', 'mc');
      await contracts.create(c, []);
      const next = { ...c, pinAttempts: 1, version: 2 };
      const results = await Promise.all(Array.from({ length: 10 }, (_, n) => contracts.save({ ...next, pinAttempts: n + 1 }, [])));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect((await contracts.save({ ...c, version: 5 }, [])).ok).toBe(false);
      expect((await contracts.get(1, c.id))?.version).toBe(2);
    });

    it('contracts: a live key is unique; a cancelled contract releases it', async () => {
      const { contracts } = await fresh();
      const first = sampleContract(1, '79000000003', 'mc');
      await contracts.create(first, []);
      const second = sampleContract(1, '79000000003', 'mc');
      expect(await contracts.create(second, [])).toEqual({ ok: false, error: { kind: 'duplicate', key: 'contract', holderId: first.id } });
      expect((await contracts.create(sampleContract(2, '79000000003', 'mc'), [])).ok).toBe(true);
      const cancelled = cancelContract(first, stamp()).next as Contract;
      expect((await contracts.save(cancelled, [])).ok).toBe(true);
      expect(await contracts.findLive(1, 'msisdn:79000000003', 'mc')).toBeUndefined();
      expect((await contracts.create(second, [])).ok).toBe(true);
      expect((await contracts.findLive(1, 'msisdn:79000000003', 'mc'))?.id).toBe(second.id);
    });

    it('contracts: concurrent creations of one key give one winner', async () => {
      const { contracts } = await fresh();
      const results = await Promise.all(Array.from({ length: 10 }, () => contracts.create(sampleContract(1, '79000000004', 'race'), [])));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    });

    it('contracts: when the holder is cancelled, of concurrent takers exactly one takes the key over', async () => {
      const { contracts } = await fresh();
      const first = sampleContract(1, '79000000006', 'takeover');
      await contracts.create(first, []);
      await contracts.save(cancelContract(first, stamp()).next as Contract, []);
      const takers = Array.from({ length: 10 }, () => sampleContract(1, '79000000006', 'takeover'));
      const results = await Promise.all(takers.map((c) => contracts.create(c, [])));
      const winners = takers.filter((_, n) => results[n]?.ok);
      expect(winners).toHaveLength(1);
      expect((await contracts.findLive(1, 'msisdn:79000000006', 'takeover'))?.id).toBe(winners[0]?.id);
    });

    it('contracts: due work is the live contracts past expires_at', async () => {
      const { contracts } = await fresh();
      const c = sampleContract(7, '79000000005', 'due');
      await contracts.create(c, []);
      expect(await contracts.findDue('2026-03-01T10:59:59.000Z', 10)).toEqual([]);
      expect((await contracts.findDue('2026-03-01T11:00:00.000Z', 10)).map((x) => x.id)).toEqual([c.id]);
    });

    it('invoices: round trip, merchant order id lookup, unique order id per project', async () => {
      const { invoices } = await fresh();
      const i = sampleInvoice(1, '79000000011', 'order-1');
      await invoices.create(i, []);
      expect(await invoices.get(1, i.id)).toEqual(i);
      expect(await invoices.findByMerchantOrderId(1, 'order-1')).toEqual(i);
      expect(await invoices.findByMerchantOrderId(2, 'order-1')).toBeUndefined();
      const again = sampleInvoice(1, '79000000012', 'order-1');
      expect(await invoices.create(again, [])).toEqual({ ok: false, error: { kind: 'duplicate', key: 'merchantOrderId', holderId: i.id } });
      expect((await invoices.create(sampleInvoice(2, '79000000012', 'order-1'), [])).ok).toBe(true);
    });

    it('invoices: one active invoice per client per project, released once paid', async () => {
      const { invoices } = await fresh();
      const i = sampleInvoice(1, '79000000013', 'order-a');
      await invoices.create(i, []);
      const second = sampleInvoice(1, '79000000013', 'order-b');
      expect(await invoices.create(second, [])).toEqual({ ok: false, error: { kind: 'duplicate', key: 'activeInvoice', holderId: i.id } });
      expect(await invoices.findByMerchantOrderId(1, 'order-b')).toBeUndefined();
      expect((await invoices.save(paid(i), [])).ok).toBe(true);
      expect((await invoices.create(second, [])).ok).toBe(true);
    });

    it('invoices: concurrent creations for one client give one winner; the others name it', async () => {
      const { invoices } = await fresh();
      const all = Array.from({ length: 10 }, (_, n) => sampleInvoice(1, '79000000014', `race-${n}`));
      const results = await Promise.all(all.map((i) => invoices.create(i, [])));
      const winners = all.filter((_, n) => results[n]?.ok);
      expect(winners).toHaveLength(1);
      for (const r of results) if (!r.ok) expect(r.error.holderId).toBe(winners[0]?.id);
    });

    it('invoices: newest-first pages by cursor, by state, by creation time; another project sees none', async () => {
      const { invoices } = await fresh();
      const project = 400_000 + (seq % 100_000);
      const made: Invoice[] = [];
      for (let n = 0; n < 5; n += 1) {
        const i = { ...sampleInvoice(project, `7900000050${n}`, `list-${seq}-${n}`), createdAt: `2026-03-01T10:00:0${n}.000Z` };
        await invoices.create(i, []);
        made.push(i);
      }
      const paidOne = paid(made[1] as Invoice);
      await invoices.save(paidOne, []);
      const ids = (page: Invoice[]) => page.map((i) => i.id);
      const newest = [...made].reverse();
      expect(ids(await invoices.list(project, {}, 3))).toEqual(ids(newest.slice(0, 3)));
      const last = newest[2] as Invoice;
      expect(ids(await invoices.list(project, { after: { createdAt: last.createdAt, id: last.id } }, 3))).toEqual(ids(newest.slice(3)));
      expect(ids(await invoices.list(project, { state: 'processed' }, 10))).toEqual([paidOne.id]);
      expect(ids(await invoices.list(project, { createdFrom: '2026-03-01T10:00:01.000Z', createdBefore: '2026-03-01T10:00:03.000Z' }, 10))).toEqual(ids([made[2] as Invoice, made[1] as Invoice]));
      expect(await invoices.list(project + 1, {}, 10)).toEqual([]);
    });

    it('contracts and subscriptions: newest-first pages by cursor, by state, by merchant_contract_id', async () => {
      const { contracts, subscriptions } = await fresh();
      const project = 410_000 + (seq % 100_000);
      const made: Contract[] = [];
      for (let n = 0; n < 4; n += 1) {
        const c = { ...sampleContract(project, `7900000060${n}`, n < 2 ? 'shared' : `own-${n}`), createdAt: `2026-03-01T10:00:0${n}.000Z` };
        await contracts.create(c, []);
        made.push(c);
      }
      const cancelled = cancelContract(made[0] as Contract, stamp());
      await contracts.save(cancelled.next as Contract, cancelled.events);
      const ids = (page: readonly { id: string }[]) => page.map((x) => x.id);
      expect(ids(await contracts.list(project, {}, 2))).toEqual(ids([made[3] as Contract, made[2] as Contract]));
      const second = made[2] as Contract;
      expect(ids(await contracts.list(project, { after: { createdAt: second.createdAt, id: second.id } }, 10))).toEqual(ids([made[1] as Contract, made[0] as Contract]));
      expect(ids(await contracts.list(project, { state: 'cancelled' }, 10))).toEqual([made[0]?.id]);
      expect(ids(await contracts.list(project, { merchantContractId: 'shared' }, 10))).toEqual(ids([made[1] as Contract, made[0] as Contract]));
      expect(await contracts.list(project + 1, {}, 10)).toEqual([]);
      const subs: Subscription[] = [];
      for (let n = 0; n < 3; n += 1) {
        const s = sampleSubscription(project, `7900000061${n}`, `2026-03-01T10:00:0${n}.000Z`);
        await subscriptions.create(s, []);
        subs.push(s);
      }
      const active = approveSubscription(subs[1] as Subscription, '1234', stamp());
      await subscriptions.save(active.next as Subscription, active.events);
      expect(ids(await subscriptions.page(project, {}, 2))).toEqual(ids([subs[2] as Subscription, subs[1] as Subscription]));
      expect(ids(await subscriptions.page(project, { state: 'active' }, 10))).toEqual([subs[1]?.id]);
      const top = subs[2] as Subscription;
      expect(ids(await subscriptions.page(project, { after: { createdAt: top.createdAt, id: top.id } }, 10))).toEqual(ids([subs[1] as Subscription, subs[0] as Subscription]));
    });

    it('invoices: due work (a charge under a contract is due at once)', async () => {
      const { invoices } = await fresh();
      const i = sampleInvoice(8, '79000000015', 'due');
      await invoices.create(i, []);
      expect((await invoices.findDue(T0, 100)).map((x) => x.id)).toEqual([i.id]);
      await invoices.save(paid(i), []);
      expect((await invoices.findDue('2030-01-01T00:00:00.000Z', 100)).map((x) => x.id)).toEqual([]);
    });

    it('subscriptions: newest first, filters, cap, lookup by billing operation, due work', async () => {
      const { subscriptions } = await fresh();
      const made: Subscription[] = [];
      for (let n = 0; n < 6; n++) {
        const s = sampleSubscription(9, n % 2 ? '79000000021' : '79000000022', `2026-03-01T10:00:0${n}.000Z`);
        await subscriptions.create(s, []);
        made.push(s);
      }
      expect((await subscriptions.list(9, undefined, 4)).map((s) => s.id)).toEqual(
        made
          .slice(2)
          .reverse()
          .map((s) => s.id),
      );
      expect((await subscriptions.list(9, { msisdn: '79000000021' }, 50)).map((s) => s.id)).toEqual([made[5], made[3], made[1]].map((s) => s?.id));
      expect(await subscriptions.list(9, { subscriberId: 'sub-79000000022' }, 50)).toHaveLength(3);
      expect(await subscriptions.list(10, undefined, 50)).toEqual([]);
      const first = made[0] as Subscription;
      const active = approveSubscription(first, '1234', stamp()).next as Subscription;
      await subscriptions.save(active, []);
      const op = { id: uid(), status: 'SUCCESS' as const, amount: first.billing.amount, at: '2026-03-01T10:01:00.000Z', refunded: false };
      const charged = recordSubscriptionCharge(active, op, stamp(op.at)).next as Subscription;
      expect((await subscriptions.save(charged, [])).ok).toBe(true);
      expect((await subscriptions.findByBillingOperation(9, op.id))?.id).toBe(first.id);
      expect(await subscriptions.findByBillingOperation(10, op.id)).toBeUndefined();
      expect((await subscriptions.findDue('2026-03-01T10:02:00.000Z', 100)).map((s) => s.id)).toEqual([first.id]);
    });

    it('outbox: events ride with the aggregate, survive later saves, and leave when acknowledged', async () => {
      const { invoices, outbox } = await fresh();
      const i = sampleInvoice(11, '79000000031', 'outbox');
      const e1 = event(i);
      await invoices.create(i, [e1]);
      const e2 = event(i);
      await invoices.save(paid(i), [e2]);
      const mine = async () => (await outbox.pending(1000)).filter((e) => e.aggregate.id === i.id);
      expect(await mine()).toEqual([e1, e2]);
      // The metrics' read-only look: no later than the oldest event waiting (a shared database may hold older ones).
      const oldest = await outbox.oldestPendingAt();
      expect(oldest !== undefined && oldest <= e1.occurredAt).toBe(true);
      await outbox.acknowledge(e1);
      expect(await mine()).toEqual([e2]);
      await outbox.acknowledge(e2);
      await outbox.acknowledge(e2);
      expect(await mine()).toEqual([]);
    });

    it('outbox: the typed events of every aggregate come back as recorded (domain names and types)', async () => {
      const { contracts, invoices, subscriptions, outbox } = await fresh();
      const c = sampleContract(12, '79000000041', 'typed');
      await contracts.create(c, []);
      const closed = cancelContract(c, stamp());
      await contracts.save(closed.next as Contract, closed.events);
      const i = sampleInvoice(12, '79000000042', 'typed');
      await invoices.create(i, []);
      const tx = transactionFor(i, { status: 'SUCCESS', resultCode: 0, resultDescription: 'SUCCESS', billingChannel: 'MC', serviceNumber: '0' }, uid(), T0);
      const charged = recordCharge(i, tx, stamp());
      await invoices.save(charged.next as Invoice, charged.events);
      const s = sampleSubscription(12, '79000000043', T0);
      await subscriptions.create(s, []);
      const active = approveSubscription(s, '1234', stamp());
      await subscriptions.save(active.next as Subscription, active.events);
      const recorded = [...closed.events, ...charged.events, ...active.events];
      expect(recorded.map((e) => e.type)).toEqual(['ContractClosed', 'PaymentUpdated', 'SubscriptionActivated']);
      const ids = new Set([c.id, i.id, s.id]);
      const pending = (await outbox.pending(1000)).filter((e) => ids.has(e.aggregate.id));
      expect([...pending].sort((a, b) => a.type.localeCompare(b.type))).toEqual([...recorded].sort((a, b) => a.type.localeCompare(b.type)));
    });
  });
  describeDeliveryContract(name, fresh, t);
  describeEventLogContract(name, fresh, t);
  describePaymentTotalsContract(name, fresh, t);
  describeRetentionContract(name, fresh, t);
  describeTestClockContract(name, fresh, t);
  describeWebhookEndpointContract(name, fresh, t);
}
