import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsPage, DEPRECATED_SINCE } from '@kassa-payments/protocol';
import { dataOf, eventually, fresh, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// Every list of the JSON v3 API pages one way (limit, cursor; items, next_cursor), on the storage
// of this run (in memory, or MongoDB in e2e-mongo); the names of before still answer, saying so.
let t: TestKassa;
beforeAll(async () => {
  t = await startTestKassa();
});
afterAll(() => t.stop());

const ip = '203.0.113.7';

let made = 0;

/** A contract authorized and cancelled: two events (contract.authorized, contract.closed). */
async function someEvents(): Promise<void> {
  made += 2;
  const api = t.client();
  const f = fresh();
  const contract = dataOf(await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
  await api.authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '1234' });
  await api.cancelContract(P.main, contract.contract_id, { client_ip: ip });
}

/**
 * Waits until the relay has recorded every event made so far. Events of one second are ordered by
 * id, so one recorded late can land inside a page already read: compare pages only once all are in.
 */
async function allRecorded(): Promise<EventsPage> {
  const api = t.client();
  return eventually(
    async () => dataOf(await api.listEvents(P.main, { limit: 100 })),
    (p) => p.items.length >= made,
    10_000,
  );
}

describe('lists: limit and cursor, items and next_cursor', { timeout: 30_000 }, () => {
  it('walks the events newest first in pages that neither overlap nor skip while events are added between them; next_cursor is null on the last page', async () => {
    const api = t.client();
    for (let i = 0; i < 4; i += 1) await someEvents();
    // The event log is written by the outbox's relay, a moment after each call: wait for all of them.
    const recorded = () =>
      eventually(
        async () => dataOf(await api.listEvents(P.main, { limit: 100 })),
        (p) => p.items.length >= 8,
      );
    const before = await recorded();
    expect(before.next_cursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 1; pages < 100; pages += 1) {
      const page: EventsPage = dataOf(await api.listEvents(P.main, { limit: 3, ...(cursor ? { cursor } : {}) }));
      expect(page.items.length).toBeLessThanOrEqual(3);
      expect(page.events).toEqual(page.items);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.next_cursor;
      if (cursor === null) break;
      // Newer events arrive between the pages: above the first page, never in a later one.
      if (pages === 1) {
        await someEvents();
        await eventually(
          async () => dataOf(await api.listEvents(P.main, { limit: 100 })),
          (p) => p.items.length >= before.items.length + 2,
        );
      }
    }
    expect(seen).toEqual(before.items.map((e) => e.id));
  });

  it('answers 20 by default and at most 100; a bad limit or cursor is 400 BAD_REQUEST in the envelope', async () => {
    const api = t.client();
    for (let i = 0; i < 11; i += 1) await someEvents();
    await allRecorded();
    expect(dataOf(await api.listEvents(P.main)).items).toHaveLength(20);
    for (const limit of [0, 101]) {
      const answer = await api.listEvents(P.main, { limit });
      expect([answer.status, !answer.ok && answer.error.code]).toEqual([400, 'BAD_REQUEST']);
    }
    for (const cursor of ['garbage', Buffer.from('["not a time","x"]').toString('base64url'), Buffer.from('[1,2]').toString('base64url')]) {
      const answer = await api.listEvents(P.main, { cursor });
      expect([answer.status, !answer.ok && answer.error.code]).toEqual([400, 'BAD_REQUEST']);
    }
    const deliveries = await api.listWebhookDeliveries(P.main, { limit: 101 });
    expect(deliveries.status).toBe(400);
  });

  it('the events’ after and next_after of before still page, with Deprecation on the answer; next_after is absent on the last page', async () => {
    const api = t.client();
    await allRecorded();
    const first = await api.listEvents(P.main, { limit: 2 });
    expect(first.headers.get('deprecation')).toBeNull();
    const page = dataOf(first);
    expect(page.next_after).toBe(page.next_cursor);
    const older = await api.listEvents(P.main, { limit: 2, after: page.next_after ?? '' });
    expect(older.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(dataOf(older).items).toEqual(dataOf(await api.listEvents(P.main, { limit: 2, cursor: page.next_cursor ?? '' })).items);
    const all = dataOf(await api.listEvents(P.main, { limit: 100 }));
    expect(all.next_after).toBeUndefined();
  });

  it('test clocks page the same way; a last page exactly full says so (next_cursor null, no empty page after it)', async () => {
    const api = t.client();
    const project = P.noIp;
    for (let i = 0; i < 4; i += 1) dataOf(await api.createTestClock(project, { frozen_time: '2027-01-01T00:00:00Z', name: `clock ${i}` }));
    const first = dataOf(await api.listTestClocks(project, { limit: 2 }));
    expect([first.items.length, first.test_clocks, typeof first.next_cursor]).toEqual([2, first.items, 'string']);
    const rest = dataOf(await api.listTestClocks(project, { limit: 2, cursor: first.next_cursor ?? '' }));
    expect([rest.items.length, rest.next_cursor]).toEqual([2, null]);
    const ids = [...first.items, ...rest.items].map((c) => c.test_clock_id);
    expect(new Set(ids).size).toBe(4);
  });

  it('an events cursor of before (base64url of time|id) still pages, as after and as cursor', async () => {
    const api = t.client();
    await allRecorded();
    const page = dataOf(await api.listEvents(P.main, { limit: 2 }));
    // The same place written the way next_after wrote it before: base64url of `time|id`.
    const [time, id] = JSON.parse(Buffer.from(page.next_cursor ?? '', 'base64url').toString('utf8')) as [string, string];
    const former = Buffer.from(`${time}|${id}`).toString('base64url');
    const byCursor = dataOf(await api.listEvents(P.main, { limit: 2, cursor: page.next_cursor ?? '' }));
    const byFormer = await api.listEvents(P.main, { limit: 2, after: former });
    expect([byFormer.status, byFormer.headers.get('deprecation')]).toEqual([200, DEPRECATED_SINCE]);
    expect(dataOf(byFormer).items).toEqual(byCursor.items);
  });
});
