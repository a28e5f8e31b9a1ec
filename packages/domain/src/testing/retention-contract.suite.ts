import { cancelContract, openContract, type Contract } from '../contract/contract.js';
import type { ContractRepository } from '../ports/contract-repository.port.js';
import type { EventLog } from '../ports/event-log.port.js';
import type { EventOutbox } from '../ports/event-outbox.port.js';
import type { StorageRetention } from '../ports/storage-retention.port.js';
import type { WebhookDeliveryRepository } from '../ports/webhook-delivery-repository.port.js';
import type { DomainEvent } from '../events/domain-event.js';
import { recordAttempt, type WebhookDelivery } from '../webhook/webhook-delivery.js';
import { sampleDelivery } from './delivery-repository-contract.suite.js';
import type { TestApi } from './test-api.js';

const OLD = '2026-01-05T10:00:00.000Z';
const CUT = '2026-02-01T00:00:00.000Z';
const NEW = '2026-03-05T10:00:00.000Z';
let seq = 0;
const id = (what: string) => `${what}-${Date.now().toString(36)}-${++seq}`;

/** A contract created before the cut-off (its own helper: the repository suite imports this file). */
const oldContract = (projectId: number, msisdn: string, mcid: string): Contract =>
  openContract({
    id: id('c'),
    projectId,
    merchantContractId: mcid,
    customer: { type: 'mobile_phone', msisdn },
    authorizationType: 'SMS_PIN',
    pinDigest: '1234',
    now: OLD,
    lifetimeSeconds: 365 * 86_400,
  });

const loggedEvent = (projectId: number, occurredAt: string): DomainEvent =>
  ({ id: id('ev'), type: 'ContractAuthorized', occurredAt, projectId, aggregate: { kind: 'contract', id: id('c') } }) as unknown as DomainEvent;

const succeeded = (d: WebhookDelivery, at: string): WebhookDelivery =>
  recordAttempt(d, { at, status: 200, latencyMs: 3, response: 'ok', error: null }, { kind: 'success' }, 0, { now: at, newId: () => id('x') }).next as WebhookDelivery;

/** The retention rules every storage obeys, written once (run from describeRepositoryContract). */
export function describeRetentionContract(
  name: string,
  fresh: () => Promise<{
    readonly retention: StorageRetention;
    readonly events: EventLog;
    readonly deliveries: WebhookDeliveryRepository;
    readonly contracts: ContractRepository;
    readonly outbox: EventOutbox;
  }>,
  t: TestApi,
): void {
  const { describe, it, expect } = t;
  describe(`retention: ${name}`, () => {
    it("erasing a project (the test environment's reset) removes its records, events and deliveries, and no other project's", async () => {
      const { retention, events, deliveries, contracts } = await fresh();
      // Projects of their own: a shared database holds other tests' data.
      const [gone, kept] = [600_000 + (seq % 1000) * 2, 600_001 + (seq % 1000) * 2];
      seq += 1;
      for (const project of [gone, kept]) {
        await contracts.create(oldContract(project, `7900000${String(project).slice(-4)}`, id('mc')), []);
        await events.record(loggedEvent(project, NEW));
        await deliveries.create(sampleDelivery(project, id('e'), 'webhook', NEW));
      }
      expect(await retention.eraseProject(gone)).toEqual({ contracts: 1, invoices: 0, subscriptions: 0, events: 1, deliveries: 1, testClocks: 0, webhookEndpoints: 0 });
      expect(await events.list(gone, {}, 10)).toEqual([]);
      expect(await deliveries.list(gone, {}, 10)).toEqual([]);
      expect(await events.list(kept, {}, 10)).toHaveLength(1);
      expect(await deliveries.list(kept, {}, 10)).toHaveLength(1);
      expect(await retention.eraseProject(gone)).toEqual({ contracts: 0, invoices: 0, subscriptions: 0, events: 0, deliveries: 0, testClocks: 0, webhookEndpoints: 0 });
    });

    it('removes events and finished deliveries before the cut-off; keeps newer ones, pending deliveries and live records', async () => {
      const { retention, events, deliveries, contracts, outbox } = await fresh();
      const project = 31;
      const [oldEvent, newEvent] = [loggedEvent(project, OLD), loggedEvent(project, NEW)];
      await events.record(oldEvent);
      await events.record(newEvent);
      const [oldSent, oldPending, newSent] = [sampleDelivery(project, id('e'), 'webhook', OLD), sampleDelivery(project, id('e'), 'webhook', OLD), sampleDelivery(project, id('e'), 'webhook', NEW)];
      for (const d of [oldSent, oldPending, newSent]) await deliveries.create(d);
      const [oldDone, newDone] = [succeeded(oldSent, OLD), succeeded(newSent, NEW)];
      await deliveries.save(oldDone);
      await deliveries.save(newDone);
      // A contract from before the cut-off that is still live, and one that ended.
      const live = oldContract(project, '79000000311', 'live');
      const ended = oldContract(project, '79000000312', 'ended');
      await contracts.create(live, []);
      await contracts.create(ended, []);
      const cancel = cancelContract(ended, { now: OLD, newId: () => id('x') });
      await contracts.save(cancel.next as Contract, cancel.events);
      // One created before the cut-off but ended after it: its retention counts from its end.
      const endedLate = oldContract(project, '79000000313', 'late');
      await contracts.create(endedLate, []);
      const lateCancel = cancelContract(endedLate, { now: NEW, newId: () => id('x') });
      await contracts.save(lateCancel.next as Contract, lateCancel.events);
      // Their events relayed: only the retention decides now.
      for (const e of [...cancel.events, ...lateCancel.events]) await outbox.acknowledge(e);

      const report = await retention.purgeBefore(CUT);

      expect((await events.list(project, {}, 10)).map((e) => e.id)).toEqual([newEvent.id]);
      expect(await deliveries.get(project, oldDone.id)).toBeUndefined();
      expect(await deliveries.get(project, oldPending.id)).toEqual(oldPending);
      expect(await deliveries.get(project, newDone.id)).toEqual(newDone);
      expect(await contracts.get(project, live.id)).toEqual(live);
      expect((await contracts.get(project, endedLate.id))?.state).toBe('cancelled');
      // A storage may keep finished aggregates (MongoDB does) or evict them (memory); the report says which.
      const endedGone = (await contracts.get(project, ended.id)) === undefined;
      expect(report).toEqual({ events: 1, deliveries: 1, aggregates: endedGone ? 1 : 0 });
      // A second pass finds nothing more.
      expect(await retention.purgeBefore(CUT)).toEqual({ events: 0, deliveries: 0, aggregates: 0 });
    });
  });
}
