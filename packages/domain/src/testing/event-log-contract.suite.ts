import type { EventLog } from '../ports/event-log.port.js';
import type { DomainEvent } from '../events/domain-event.js';
import type { TestApi } from './test-api.js';
import { EventFeedTail, redeliveryEntryId } from '../webhook/use-cases/event-feed-tail.js';

let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};

/** A contract event of project `projectId` at `occurredAt`. */
const event = (projectId: number, occurredAt: string, type: 'ContractAuthorized' | 'ContractClosed' = 'ContractAuthorized'): DomainEvent =>
  type === 'ContractClosed'
    ? {
        id: `evt-${next()}`,
        type,
        occurredAt,
        projectId,
        aggregate: { kind: 'contract', id: `c-${next()}` },
        merchantContractId: 'mc',
        customer: { type: 'mobile_phone', msisdn: '79001234567' },
        reason: 'cancelled',
      }
    : { id: `evt-${next()}`, type, occurredAt, projectId, aggregate: { kind: 'contract', id: `c-${next()}` }, merchantContractId: 'mc', customer: { type: 'mobile_phone', msisdn: '79001234567' } };

/** The event log's rules every adapter obeys, written once (run from describeRepositoryContract). */
export function describeEventLogContract(name: string, fresh: () => Promise<{ readonly events: EventLog }>, t: TestApi): void {
  const { describe, it, expect } = t;
  describe(`event log: ${name}`, () => {
    it('records once per id; lists newest first, by type, page by page; other projects see nothing', async () => {
      const { events } = await fresh();
      const project = 30 + next();
      const [a, b, c, d] = [
        event(project, '2026-03-03T10:00:00.000Z'),
        event(project, '2026-03-03T10:01:00.000Z', 'ContractClosed'),
        event(project, '2026-03-03T10:02:00.000Z'),
        event(project, '2026-03-03T10:02:00.000Z'),
      ];
      for (const e of [a, b, c, d, a, c]) await events.record(e as DomainEvent);
      const all = await events.list(project, {}, 10);
      const sameTime = [c, d].sort((x, y) => ((x as DomainEvent).id < (y as DomainEvent).id ? 1 : -1));
      expect(all.map((e) => e.id)).toEqual([...sameTime, b, a].map((e) => (e as DomainEvent).id));
      expect(all[2]).toEqual(b);
      const first = await events.list(project, {}, 2);
      const last = first[1] as DomainEvent;
      const second = await events.list(project, { after: { createdAt: last.occurredAt, id: last.id } }, 2);
      expect([...first, ...second].map((e) => e.id)).toEqual(all.map((e) => e.id));
      expect((await events.list(project, { type: 'ContractClosed' }, 10)).map((e) => e.id)).toEqual([(b as DomainEvent).id]);
      expect(await events.list(project + 1000, {}, 10)).toEqual([]);
    });

    it('feeds entries by the time they entered the log (not their occurredAt), redeliveries as entries of their own; a tail sees a late-recorded entry inside its look-back once', async () => {
      const { events } = await fresh();
      const project = 30 + next();
      // A test clock's event occurred in 2030 and one in 2001: the feed orders by when they were recorded.
      const [future, past, late, after] = [
        event(project, '2030-01-01T00:00:00.000Z'),
        event(project, '2001-01-01T00:00:00.000Z'),
        event(project, '2026-03-03T10:00:00.000Z'),
        event(project, '2026-03-03T10:00:00.000Z'),
      ];
      await events.record(future, '2026-03-03T10:00:01.000Z');
      await events.record(past, '2026-03-03T10:00:02.000Z');
      await events.record(future, '2026-03-03T10:00:09.000Z');
      await events.record(event(project + 1000, '2026-03-03T10:00:00.000Z'), '2026-03-03T10:00:03.000Z');
      const feed = await events.feed(project, '2026-03-03T10:00:00.000Z', 10);
      expect(feed.map((e) => [e.id, e.at, e.redelivery])).toEqual([
        [future.id, '2026-03-03T10:00:01.000Z', false],
        [past.id, '2026-03-03T10:00:02.000Z', false],
      ]);
      expect(feed[0]?.event).toEqual(future);
      expect((await events.feed(project, '2026-03-03T10:00:01.500Z', 10)).map((e) => e.id)).toEqual([past.id]);
      expect(await events.feedPosition(project, past.id)).toBe('2026-03-03T10:00:02.000Z');
      expect(await events.feedPosition(project + 1000, past.id)).toBeUndefined();
      expect(await events.feedPosition(project, 'no-such-event')).toBeUndefined();

      const tail = new EventFeedTail(events, project, { floor: '2026-03-03T10:00:00.000Z' }, 5_000);
      expect((await tail.next()).map((e) => e.id)).toEqual([future.id, past.id]);
      expect(await tail.next()).toEqual([]);
      // Another process wrote `late` at 10:00:01.5 but stored it only now, after `after` (10:00:04): inside the window, seen once.
      await events.record(after, '2026-03-03T10:00:04.000Z');
      expect((await tail.next()).map((e) => e.id)).toEqual([after.id]);
      await events.record(late, '2026-03-03T10:00:01.500Z');
      expect((await tail.next()).map((e) => e.id)).toEqual([late.id]);
      expect(await tail.next()).toEqual([]);

      await events.markRedelivered(project, past.id, { id: 'r1', at: '2026-03-03T10:00:05.000Z' });
      await events.markRedelivered(project + 1000, past.id, { id: 'r2', at: '2026-03-03T10:00:05.000Z' });
      await events.markRedelivered(project, 'no-such-event', { id: 'r3', at: '2026-03-03T10:00:05.000Z' });
      const again = await tail.next();
      expect(again.map((e) => [e.id, e.redelivery])).toEqual([[redeliveryEntryId(past.id, 'r1'), true]]);
      expect(again[0]?.event).toEqual(past);
      expect(await events.feedPosition(project, redeliveryEntryId(past.id, 'r1'))).toBe('2026-03-03T10:00:05.000Z');
      expect(await tail.next()).toEqual([]);
      // A reconnection resumes from its last entry, less the window: what it answers again the client has seen (the same ids).
      const resumed = new EventFeedTail(events, project, { floor: '2026-03-03T10:00:00.000Z', resumeAt: '2026-03-03T10:00:05.000Z' }, 2_000);
      expect((await resumed.next()).map((e) => e.id)).toEqual([after.id, redeliveryEntryId(past.id, 'r1')]);
      // After an entry: the ones before it in the feed's order are left out, late or not.
      const backfill = new EventFeedTail(events, project, { floor: '2026-03-03T10:00:02.000Z', exclusiveOf: { at: '2026-03-03T10:00:02.000Z', id: past.id } }, 5_000);
      expect((await backfill.next()).map((e) => e.id)).toEqual([after.id, redeliveryEntryId(past.id, 'r1')]);
    });
  });
}
