import type { EventLog } from '../ports/event-log.port.js';
import type { DomainEvent } from '../events/domain-event.js';
import type { TestApi } from './test-api.js';

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
  });
}
