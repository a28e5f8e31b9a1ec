import type { EventLog } from '../ports/event-log.port.js';
import type { StorageRetention } from '../ports/storage-retention.port.js';
import type { DomainEvent } from '../events/domain-event.js';
import type { Money } from '../shared/money.js';
import type { TestApi } from './test-api.js';

let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};
const customer = { type: 'mobile_phone', msisdn: '79001234567' } as const;
const facts = { merchantOrderId: 'order', customer, testCallbackUrl: null } as const;

/** A charge of `price` on an invoice of `projectId` at `occurredAt`: successful unless said otherwise. */
function charge(projectId: number, occurredAt: string, price: Money, status: 'SUCCESS' | 'FAILED' = 'SUCCESS', testClockId?: string): DomainEvent {
  const id = `evt-${next()}`;
  return {
    id,
    type: 'PaymentUpdated',
    occurredAt,
    projectId,
    aggregate: { kind: 'invoice', id: `i-${id}` },
    ...(testClockId ? { testClockId } : {}),
    ...facts,
    invoiceState: status === 'SUCCESS' ? 'processed' : 'created',
    transaction: {
      id: `t-${id}`,
      partNumber: 1,
      sequenceNumber: 1,
      status,
      resultCode: status === 'SUCCESS' ? 0 : 210,
      resultDescription: '',
      paidAt: status === 'SUCCESS' ? occurredAt : null,
      price,
      partnerProfit: price,
      totalPaid: status === 'SUCCESS' ? price : { minor: 0, currency: price.currency },
      totalRemaining: { minor: 0, currency: price.currency },
      billingChannel: 'MC',
      serviceNumber: '4242',
    },
  };
}

function refund(projectId: number, occurredAt: string, amount: Money): DomainEvent {
  const id = `evt-${next()}`;
  return { id, type: 'RefundCompleted', occurredAt, projectId, aggregate: { kind: 'invoice', id: `i-${id}` }, ...facts, invoiceState: 'processed', amount };
}

const rub = (minor: number): Money => ({ minor, currency: 'RUB' });
const RANGE = { from: '2026-03-03T10:00:00.000Z', before: '2026-03-03T11:00:00.000Z' };

/** The overview's sums (EventLog.sumPayments) every adapter answers alike, written once. */
export function describePaymentTotalsContract(name: string, fresh: () => Promise<{ readonly events: EventLog; readonly retention: StorageRetention }>, t: TestApi): void {
  const { describe, it, expect } = t;
  describe(`payment totals: ${name}`, () => {
    it("sums a range's successful charges and completed refunds by currency: its start in, its end and everything else out", async () => {
      const { events } = await fresh();
      const project = 60_000 + next();
      const counted = [
        charge(project, RANGE.from, rub(1000)),
        refund(project, '2026-03-03T10:10:00.000Z', rub(1000)),
        charge(project, '2026-03-03T10:20:00.000Z', { minor: 750, currency: 'USD' }),
        // A test clock's charge counts at the clock's time.
        charge(project, '2026-03-03T10:59:59.999Z', rub(2550), 'SUCCESS', 'clock-1'),
      ];
      const left = [
        charge(project, '2026-03-03T10:05:00.000Z', rub(500), 'FAILED'),
        charge(project, '2026-03-03T09:59:59.999Z', rub(9900)),
        charge(project, RANGE.before, rub(100)),
        refund(project, '2026-03-02T10:10:00.000Z', rub(1000)),
        charge(project + 1, '2026-03-03T10:30:00.000Z', rub(4000)),
      ];
      // Recorded twice (a relay that ran twice): counted once.
      for (const e of [...counted, ...left, ...counted]) await events.record(e);
      expect(await events.sumPayments(project, RANGE, 100)).toEqual({
        byCurrency: [
          { currency: 'RUB', paid: { count: 2, minor: 3550 }, refunded: { count: 1, minor: 1000 } },
          { currency: 'USD', paid: { count: 1, minor: 750 }, refunded: { count: 0, minor: 0 } },
        ],
        partial: false,
      });
      expect(await events.sumPayments(project, { from: '2026-03-03T08:00:00.000Z', before: '2026-03-03T09:00:00.000Z' }, 100)).toEqual({ byCurrency: [], partial: false });
      expect(await events.sumPayments(project + 2, RANGE, 100)).toEqual({ byCurrency: [], partial: false });
    });

    it('reads at most `limit` events of each kind, and says so: the sums of a bounded read are a lower bound', async () => {
      const { events } = await fresh();
      const project = 60_000 + next();
      for (let n = 0; n < 5; n += 1) await events.record(charge(project, `2026-03-03T10:0${n}:00.000Z`, rub(100)));
      await events.record(refund(project, '2026-03-03T10:30:00.000Z', rub(100)));
      const bounded = await events.sumPayments(project, RANGE, 3);
      expect(bounded.partial).toBe(true);
      expect(bounded.byCurrency).toEqual([{ currency: 'RUB', paid: { count: 3, minor: 300 }, refunded: { count: 1, minor: 100 } }]);
      expect((await events.sumPayments(project, RANGE, 6)).partial).toBe(false);
    });

    it('the retention and a reset take their events out of the sums', async () => {
      const { events, retention } = await fresh();
      const project = 60_000 + next();
      await events.record(charge(project, '2020-01-01T00:00:00.000Z', rub(100)));
      await events.record(charge(project, RANGE.from, rub(200)));
      const everything = { from: '2019-01-01T00:00:00.000Z', before: RANGE.before };
      expect((await events.sumPayments(project, everything, 100)).byCurrency).toEqual([{ currency: 'RUB', paid: { count: 2, minor: 300 }, refunded: { count: 0, minor: 0 } }]);
      await retention.purgeBefore('2025-01-01T00:00:00.000Z');
      expect((await events.sumPayments(project, everything, 100)).byCurrency).toEqual([{ currency: 'RUB', paid: { count: 1, minor: 200 }, refunded: { count: 0, minor: 0 } }]);
      await retention.eraseProject(project);
      expect(await events.sumPayments(project, everything, 100)).toEqual({ byCurrency: [], partial: false });
    });
  });
}
