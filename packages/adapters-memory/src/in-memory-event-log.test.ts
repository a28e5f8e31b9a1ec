import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@kassa-payments/domain';
import type { Journal } from './journal.js';
import { InMemoryEventLog } from './in-memory-event-log.js';

// The overview's sums after a restart: the data folder gives the events back, and the index the sums
// read is rebuilt from them (the contract suite covers the sums themselves).

/** A journal kept in a Map: what a restart of the data folder gives back. */
class MapJournal implements Journal {
  readonly collections = new Map<string, Map<string, unknown>>();
  write(collection: string, key: string, value: unknown): void {
    const entries = this.collections.get(collection) ?? new Map<string, unknown>();
    if (value === undefined) entries.delete(key);
    else entries.set(key, JSON.parse(JSON.stringify(value)) as unknown);
    this.collections.set(collection, entries);
  }
  restored(collection: string): Iterable<[string, unknown]> {
    return this.collections.get(collection) ?? new Map<string, unknown>();
  }
  register(): void {}
}

const customer = { type: 'mobile_phone', msisdn: '79001234567' } as const;
const refund = (id: string, occurredAt: string, minor: number): DomainEvent => ({
  id,
  type: 'RefundCompleted',
  occurredAt,
  projectId: 7,
  aggregate: { kind: 'invoice', id: `i-${id}` },
  merchantOrderId: 'o',
  customer,
  testCallbackUrl: null,
  invoiceState: 'processed',
  amount: { minor, currency: 'RUB' },
});

describe('in-memory event log', () => {
  it("a restart finds the sums again: the restored events are indexed by kind (another event's text naming a refund is not one)", async () => {
    const journal = new MapJournal();
    const first = new InMemoryEventLog(journal);
    await first.record(refund('r1', '2026-03-03T10:00:00.000Z', 1000));
    await first.record({
      id: 'c1',
      type: 'ContractAuthorized',
      occurredAt: '2026-03-03T10:01:00.000Z',
      projectId: 7,
      aggregate: { kind: 'contract', id: 'c' },
      merchantContractId: 'RefundCompleted',
      customer,
    });
    const range = { from: '2026-03-03T00:00:00.000Z', before: '2026-03-04T00:00:00.000Z' };
    const expected = { byCurrency: [{ currency: 'RUB', paid: { count: 0, minor: 0 }, refunded: { count: 1, minor: 1000 } }], partial: false };
    expect(await first.sumPayments(7, range, 100)).toEqual(expected);
    expect(await new InMemoryEventLog(journal).sumPayments(7, range, 100)).toEqual(expected);
  });
});
