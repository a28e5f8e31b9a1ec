import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDelivery, recordAttempt, type WebhookDelivery } from '@kassa-payments/domain';
import type { Journal } from './journal.js';
import { InMemoryWebhookDeliveryRepository } from './in-memory-webhook-delivery-repository.js';

// The metrics' gauges count deliveries by state at every scrape (issue 43, item 6): the count is kept
// as each delivery changes, so that reading it reads no delivery, and it stays right through every
// way a delivery leaves (the retention, a test environment's reset, a test clock's end) and a restart.
// The contract suite covers the changes of state on both adapters.

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

const T0 = '2026-03-02T10:00:00.000Z';
let seq = 0;
const opened = (projectId: number, testClockId?: string): WebhookDelivery => {
  seq += 1;
  return openDelivery({
    eventId: `ev-${seq}`,
    eventType: 'PaymentUpdated',
    projectId,
    notification: { channel: 'webhook', url: 'https://merchant.example/hooks', contentType: 'application/json', body: '{}' },
    now: T0,
    ...(testClockId ? { testClockId } : {}),
  });
};
/** Given up at once (a 410), at `T0`. */
const dead = (d: WebhookDelivery): WebhookDelivery =>
  recordAttempt(d, { at: T0, status: 410, latencyMs: 3, response: 'gone', error: null }, { kind: 'gone' }, 0, { now: T0, newId: () => `e-${d.id}` }).next as WebhookDelivery;

async function storeDead(repo: InMemoryWebhookDeliveryRepository, projectId: number, n: number, testClockId?: string): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    const d = opened(projectId, testClockId);
    await repo.create(d);
    expect((await repo.save(dead(d))).ok).toBe(true);
  }
}

const counts = async (repo: InMemoryWebhookDeliveryRepository) => ({ pending: await repo.count('pending'), dead: await repo.count('dead') });

afterEach(() => vi.restoreAllMocks());

describe('in-memory webhook deliveries: the count by state', () => {
  it('reads no delivery: neither a copy of the stored ones nor a parse of one, however many there are', async () => {
    const repo = new InMemoryWebhookDeliveryRepository();
    await storeDead(repo, 7, 2_000);
    await repo.create(opened(7));
    const filter = vi.spyOn(repo.documents, 'filter');
    const parse = vi.spyOn(JSON, 'parse');
    expect(await counts(repo)).toEqual({ pending: 1, dead: 2_000 });
    expect(filter).not.toHaveBeenCalled();
    expect(parse).not.toHaveBeenCalled();
  });

  it('follows the deliveries out: the retention, a project reset, a test clock removed', async () => {
    const repo = new InMemoryWebhookDeliveryRepository();
    await storeDead(repo, 7, 3);
    await storeDead(repo, 8, 2);
    await storeDead(repo, 9, 4, 'clock-1');
    await repo.create(opened(7));
    expect(await counts(repo)).toEqual({ pending: 1, dead: 9 });

    expect(repo.removeOnClock(9, 'clock-1')).toBe(4);
    expect(await counts(repo)).toEqual({ pending: 1, dead: 5 });
    expect(repo.removeProject(8)).toBe(2);
    expect(await counts(repo)).toEqual({ pending: 1, dead: 3 });
    // Finished before the day after: the dead ones go, the pending one stays (it is live).
    expect(repo.evictFinishedBefore('2026-03-03T10:00:00.000Z')).toBe(3);
    expect(await counts(repo)).toEqual({ pending: 1, dead: 0 });
  });

  it('is counted again from the data folder at a restart', async () => {
    const journal = new MapJournal();
    const first = new InMemoryWebhookDeliveryRepository(journal);
    await storeDead(first, 7, 5);
    await first.create(opened(7));
    await first.create(opened(8));
    expect(await counts(new InMemoryWebhookDeliveryRepository(journal))).toEqual({ pending: 2, dead: 5 });
  });
});
