import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '@kassa-payments/adapters-memory';
import { openDelivery, recordAttempt, type WebhookDelivery } from '@kassa-payments/domain';
import { gaugeSources } from '../src/operations/gauge-sources.js';
import { KassaMetrics } from '../src/operations/kassa-metrics.js';
import { inMemoryStorage, type Storage } from '../src/storage.js';
import { buildInfo } from '../src/version.js';

// Issue 43, item 6: a scrape of /metrics with 20,000 dead webhook deliveries held the process for
// 467-832 ms (and /health with it), the deliveries gauge counting them by reading every one. The
// scrape now reads kept counts: what it reads of storage does not grow with what storage holds.
// The time itself: `npm run bench` (metrics-scrape).

const T0 = '2026-03-02T10:00:00.000Z';
const noJobs = { depth: async () => ({ waiting: 0, delayed: 0, failed: 0 }) };

async function storeDead(storage: Storage, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    const d = openDelivery({
      eventId: `ev-${i}`,
      eventType: 'PaymentUpdated',
      projectId: 7,
      notification: { channel: 'webhook', url: 'https://merchant.example/hooks', contentType: 'application/json', body: '{"type":"payment.updated"}' },
      now: T0,
    });
    await storage.deliveries.create(d);
    const gone = recordAttempt(d, { at: T0, status: 410, latencyMs: 3, response: 'gone', error: null }, { kind: 'gone' }, 0, { now: T0, newId: () => `e-${i}` });
    await storage.deliveries.save(gone.next as WebhookDelivery);
  }
}

/** One scrape's exposition, and how many JSON texts were parsed while it was made (a stored document is one each). */
async function scrape(storage: Storage): Promise<{ body: string; parses: number }> {
  const metrics = new KassaMetrics(
    gaugeSources(storage, noJobs, new ManualClock(T0), async () => true),
    'all',
    buildInfo(),
  );
  await metrics.exposition();
  const parse = vi.spyOn(JSON, 'parse');
  try {
    const { body } = await metrics.exposition();
    return { body, parses: parse.mock.calls.length };
  } finally {
    parse.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('a metrics scrape', () => {
  it('reads no more of storage with 3,000 dead deliveries than with none, and counts them', async () => {
    const empty = inMemoryStorage();
    const full = inMemoryStorage();
    await storeDead(full, 3_000);
    const none = await scrape(empty);
    const many = await scrape(full);
    expect(many.body).toMatch(/^kassa_webhook_deliveries\{state="dead",role="all"\} 3000$/m);
    expect(none.body).toMatch(/^kassa_webhook_deliveries\{state="dead",role="all"\} 0$/m);
    expect(many.parses).toBe(none.parses);
  });
});
