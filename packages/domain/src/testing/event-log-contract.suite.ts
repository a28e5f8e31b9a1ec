import type { EventFeedEntry, EventLog } from '../ports/event-log.port.js';
import type { StorageRetention } from '../ports/storage-retention.port.js';
import type { DomainEvent } from '../events/domain-event.js';
import type { TestApi } from './test-api.js';
import { EventFeedTail, FEED_HOLE_WAIT_MS, redeliveryEntryId } from '../webhook/use-cases/event-feed-tail.js';

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
/** The feed as a reader sees it while the entries at `hidden` places are taken but not stored yet (a writer between its counter and its insert). */
const hiding = (events: EventLog, hidden: Set<number>): Pick<EventLog, 'feed'> => ({
  feed: async (projectId, afterSeq, limit) => (await events.feed(projectId, afterSeq, limit)).filter((e) => !hidden.has(e.seq)),
});

const ids = (entries: readonly EventFeedEntry[]) => entries.map((e) => e.id);

export function describeEventLogContract(name: string, fresh: () => Promise<{ readonly events: EventLog; readonly retention: StorageRetention }>, t: TestApi): void {
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

    it('feeds entries by place, each once (a relay running twice appends once), redeliveries as entries of their own; a time, an event or the end locate a start', async () => {
      const { events } = await fresh();
      const project = 30 + next();
      // A test clock's event occurred in 2030 and one in 2001: the feed is in the order they entered the log.
      const [future, past, other] = [event(project, '2030-01-01T00:00:00.000Z'), event(project, '2001-01-01T00:00:00.000Z'), event(project + 1000, '2026-03-03T10:00:00.000Z')];
      expect(await events.feedPosition(project, 'end')).toBe(0);
      await events.record(future, '2026-03-03T10:00:01.000Z');
      await events.record(past, '2026-03-03T10:00:02.000Z');
      await events.record(future, '2026-03-03T10:00:09.000Z');
      await events.record(other, '2026-03-03T10:00:03.000Z');
      const feed = await events.feed(project, 0, 10);
      expect(feed.map((e) => [e.seq, e.id, e.at, e.redelivery])).toEqual([
        [1, future.id, '2026-03-03T10:00:01.000Z', false],
        [2, past.id, '2026-03-03T10:00:02.000Z', false],
      ]);
      expect(feed[0]?.event).toEqual(future);
      expect(ids(await events.feed(project, 1, 10))).toEqual([past.id]);
      expect(await events.feedPosition(project, { entryId: past.id })).toBe(2);
      expect(await events.feedPosition(project + 1000, { entryId: past.id })).toBeUndefined();
      expect(await events.feedPosition(project, { entryId: 'no-such-event' })).toBeUndefined();
      expect(await events.feedPosition(project, { time: '2026-03-03T10:00:01.500Z' })).toBe(1);
      expect(await events.feedPosition(project, { time: '2026-03-03T11:00:00.000Z' })).toBe(2);
      expect(await events.feedPosition(project, 'end')).toBe(2);

      await events.markRedelivered(project, past.id, { id: 'r1', at: '2026-03-03T10:00:05.000Z' });
      await events.markRedelivered(project + 1000, past.id, { id: 'r2', at: '2026-03-03T10:00:05.000Z' });
      await events.markRedelivered(project, 'no-such-event', { id: 'r3', at: '2026-03-03T10:00:05.000Z' });
      const again = await events.feed(project, 2, 10);
      expect(again.map((e) => [e.seq, e.id, e.redelivery])).toEqual([[3, redeliveryEntryId(past.id, 'r1'), true]]);
      expect(again[0]?.event).toEqual(past);
      expect(await events.feedPosition(project, { entryId: redeliveryEntryId(past.id, 'r1') })).toBe(3);
      // Relays racing on one event: one entry of it; a place the loser took is no gap (a tail passes it without waiting).
      const raced = event(project, '2026-03-03T10:00:00.000Z');
      await Promise.all([1, 2, 3].map(() => events.record(raced, '2026-03-03T10:00:06.000Z')));
      const tail = new EventFeedTail(events, project, 3, { now: () => 0 });
      expect(ids(await tail.next())).toEqual([raced.id]);
      expect(tail.position).toBe(await events.feedPosition(project, 'end'));
    });

    it('events recorded at once each take a place of their own: the places are 1 to N, none twice, none left empty', async () => {
      const { events } = await fresh();
      const project = 30 + next();
      const burst = Array.from({ length: 60 }, () => event(project, '2026-03-03T10:00:00.000Z'));
      await Promise.all(burst.map((e) => events.record(e, '2026-03-03T10:00:00.000Z')));
      const feed = await events.feed(project, 0, 100);
      expect(feed.map((e) => e.seq)).toEqual(burst.map((_, i) => i + 1));
      expect(new Set(ids(feed))).toEqual(new Set(burst.map((e) => e.id)));
      expect(await events.feedPosition(project, 'end')).toBe(burst.length);
    });

    it('a tail reads more entries than one read takes, keeps its place across reads, and an event redelivered many times is each time an entry', async () => {
      const { events } = await fresh();
      const project = 30 + next();
      const burst = Array.from({ length: 450 }, () => event(project, '2026-03-03T10:00:00.000Z'));
      // One instant for all: nothing is read by time.
      for (const e of burst) await events.record(e, '2026-03-03T10:00:00.000Z');
      const first = burst[0] as DomainEvent;
      for (let r = 0; r < 30; r += 1) await events.markRedelivered(project, first.id, { id: `r${r}`, at: '2026-03-03T10:00:00.000Z' });
      const tail = new EventFeedTail(events, project, 0, { pageSize: 40, maxPages: 3 });
      const read: EventFeedEntry[] = [];
      for (let n = 0; n < 10; n += 1) {
        const page = await tail.next();
        expect(page.length <= 120).toBe(true);
        read.push(...page);
      }
      expect(ids(read)).toEqual([...burst.map((e) => e.id), ...Array.from({ length: 30 }, (_, r) => redeliveryEntryId(first.id, `r${r}`))]);
      expect(tail.position).toBe(480);
      expect(await tail.next()).toEqual([]);
      const late = event(project, '2026-03-03T10:00:00.000Z');
      await events.record(late, '2026-03-03T09:00:00.000Z');
      // Written with an earlier time (another process's clock): still next, by its place.
      expect(ids(await tail.next())).toEqual([late.id]);
      // 480 entries written one by one (three round trips each on MongoDB): seconds on a loaded machine.
    }, 30_000);

    it('a tail waits at a place taken but not stored yet: the entry filled late comes in order; one never filled is passed after the wait', async () => {
      const { events } = await fresh();
      const project = 30 + next();
      const [a, b, c, d] = [1, 2, 3, 4].map(() => event(project, '2026-03-03T10:00:00.000Z')) as [DomainEvent, DomainEvent, DomainEvent, DomainEvent];
      for (const e of [a, b, c]) await events.record(e, '2026-03-03T10:00:00.000Z');
      const hidden = new Set([2]);
      let now = 1_000_000;
      const tail = new EventFeedTail(hiding(events, hidden), project, 0, { now: () => now });
      expect(ids(await tail.next())).toEqual([a.id]);
      now += FEED_HOLE_WAIT_MS - 1;
      expect(await tail.next()).toEqual([]);
      hidden.clear();
      expect(ids(await tail.next())).toEqual([b.id, c.id]);

      await events.record(d, '2026-03-03T10:00:00.000Z');
      const e = event(project, '2026-03-03T10:00:00.000Z');
      await events.record(e, '2026-03-03T10:00:00.000Z');
      hidden.add(4);
      expect(await tail.next()).toEqual([]);
      now += FEED_HOLE_WAIT_MS;
      expect(ids(await tail.next())).toEqual([e.id]);
      expect(tail.position).toBe(5);
    });

    it('a reset and the retention remove the entries with their events; a place is never given twice', async () => {
      const { events, retention } = await fresh();
      const project = 30 + next();
      const old = event(project, '2020-01-01T00:00:00.000Z');
      const recent = event(project, '2026-03-03T10:00:00.000Z');
      await events.record(old, '2026-03-03T10:00:00.000Z');
      await events.record(recent, '2026-03-03T10:00:01.000Z');
      await events.markRedelivered(project, old.id, { id: 'r1', at: '2026-03-03T10:00:02.000Z' });
      await retention.purgeBefore('2025-01-01T00:00:00.000Z');
      expect(ids(await events.feed(project, 0, 10))).toEqual([recent.id]);
      await retention.eraseProject(project);
      // Only the reset's mark is left, at the next place.
      expect((await events.feed(project, 0, 10)).map((e) => [e.seq, e.event, e.floor])).toEqual([[4, undefined, true]]);
      expect(await events.feedPosition(project, 'end')).toBe(4);
      const after = event(project, '2026-03-03T10:00:00.000Z');
      await events.record(after, '2026-03-03T10:00:03.000Z');
      expect((await events.feed(project, 4, 10)).map((e) => [e.seq, e.id])).toEqual([[5, after.id]]);
      // The retention keeps the mark; a second reset replaces it.
      await retention.purgeBefore('2030-01-01T00:00:00.000Z');
      expect((await events.feed(project, 0, 10)).map((e) => [e.seq, e.floor])).toEqual([[4, true]]);
      await retention.eraseProject(project);
      expect((await events.feed(project, 0, 10)).map((e) => [e.seq, e.floor])).toEqual([[6, true]]);
    });

    // Before, the reset left places 1 to 3 empty, and a tail from 0 took them for a writer's still at
    // work: the first new event came after the hole wait (30 s).
    it('after a reset a tail from 0, or one behind it, reads the new events at once: the gap before the reset is not waited for', async () => {
      const { events, retention } = await fresh();
      const project = 30 + next();
      for (let i = 0; i < 3; i++) await events.record(event(project, '2026-03-03T10:00:00.000Z'), '2026-03-03T10:00:00.000Z');
      const now = 1_000_000;
      const behind = new EventFeedTail(events, project, 1, { now: () => now });
      await retention.eraseProject(project);
      const fromZero = new EventFeedTail(events, project, 0, { now: () => now });
      expect(await fromZero.next()).toEqual([]);
      const fresh1 = event(project, '2026-03-03T10:00:00.000Z');
      await events.record(fresh1, '2026-03-03T10:00:01.000Z');
      expect(ids(await fromZero.next())).toEqual([fresh1.id]);
      expect(ids(await behind.next())).toEqual([fresh1.id]);
      expect([fromZero.position, behind.position]).toEqual([5, 5]);
    });
  });
}
