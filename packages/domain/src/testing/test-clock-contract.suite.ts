import { cancelContract, openContract, type Contract } from '../contract/contract.js';
import type { ContractRepository } from '../ports/contract-repository.port.js';
import type { EventLog } from '../ports/event-log.port.js';
import type { EventOutbox } from '../ports/event-outbox.port.js';
import type { StorageRetention } from '../ports/storage-retention.port.js';
import type { TestClockRepository } from '../ports/test-clock-repository.port.js';
import type { WebhookDeliveryRepository } from '../ports/webhook-delivery-repository.port.js';
import { claimAdvance, finishAdvance, openTestClock, startAdvance, type TestClock } from '../sandbox/test-clock.js';
import { openDelivery, recordAttempt, type WebhookDelivery } from '../webhook/webhook-delivery.js';
import type { TestApi } from './test-api.js';

const T0 = '2027-01-01T00:00:00.000Z';
let seq = 0;
const uid = () => `00000000-0000-4000-a000-${(Date.now() % 1_000_000).toString(16).padStart(6, '0')}${(++seq).toString(16).padStart(6, '0')}`;
/** A project of its own per test: a shared database holds other tests' data. */
const project = () => 700_000 + ((Date.now() % 10_000) * 10 + (seq++ % 10));

const contractOn = (projectId: number, testClockId: string | undefined, msisdn: string): Contract =>
  openContract({
    id: uid(),
    projectId,
    merchantContractId: 'mc',
    customer: { type: 'mobile_phone', msisdn },
    authorizationType: 'SMS_PIN',
    pinDigest: 'd',
    now: T0,
    lifetimeSeconds: 3600,
    ...(testClockId ? { testClockId } : {}),
  });

/** What every storage keeps of test clocks, and how it keeps a clock's objects apart from the rest. */
export function describeTestClockContract(
  name: string,
  fresh: () => Promise<{
    readonly testClocks: TestClockRepository;
    readonly contracts: ContractRepository;
    readonly deliveries: WebhookDeliveryRepository;
    readonly events: EventLog;
    readonly outbox: EventOutbox;
    readonly retention: StorageRetention;
  }>,
  t: TestApi,
): void {
  const { describe, it, expect } = t;
  describe(`test clocks: ${name}`, () => {
    it('round trip, newest first, compare-and-set, another project sees nothing, removal', async () => {
      const { testClocks } = await fresh();
      const p = project();
      const first = openTestClock({ id: uid(), projectId: p, name: 'a', frozenTime: T0, now: '2026-11-24T10:00:00.000Z' });
      const second = openTestClock({ id: uid(), projectId: p, name: null, frozenTime: T0, now: '2026-11-24T10:00:01.000Z' });
      await testClocks.create(first);
      await testClocks.create(second);
      expect(await testClocks.get(p, first.id)).toEqual(first);
      expect(await testClocks.get(p + 1, first.id)).toBeUndefined();
      expect((await testClocks.list(p, 10)).map((c) => c.id)).toEqual([second.id, first.id]);
      expect((await testClocks.list(p, 10, { createdAt: second.createdAt, id: second.id })).map((c) => c.id)).toEqual([first.id]);
      expect(await testClocks.list(p, 10, { createdAt: first.createdAt, id: first.id })).toEqual([]);
      // Every project's clocks, in id order, a page after an id (the sweep's turn).
      const [low, high] = [first.id, second.id].sort() as [string, string];
      expect((await testClocks.page(undefined, 100_000)).map((c) => c.id).filter((id) => id === low || id === high)).toEqual([low, high]);
      const after = (await testClocks.page(low, 100_000)).map((c) => c.id);
      expect([after.includes(low), after.includes(high)]).toEqual([false, true]);
      const advancing = startAdvance(first, '2027-02-01T00:00:00.000Z', '2026-11-24T10:00:00.000Z').next as TestClock;
      const results = await Promise.all(Array.from({ length: 5 }, () => testClocks.save(advancing, [])));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await testClocks.remove(p, first.id)).toBe(true);
      expect(await testClocks.remove(p, first.id)).toBe(false);
      expect(await testClocks.get(p, first.id)).toBeUndefined();
    });

    it('an advance whose lease ran out is due; its test_clock.ready rides in the outbox, filtered by the clock', async () => {
      const { testClocks, outbox } = await fresh();
      const p = project();
      const clock = openTestClock({ id: uid(), projectId: p, name: 'lease', frozenTime: T0, now: '2026-11-24T10:00:00.000Z' });
      await testClocks.create(clock);
      const advancing = startAdvance(clock, '2027-03-01T00:00:00.000Z', '2026-11-24T10:00:00.000Z').next as TestClock;
      await testClocks.save(advancing, []);
      const lease = advancing.leaseUntil as string;
      expect((await testClocks.findDue(new Date(Date.parse(lease) - 1000).toISOString(), 1000)).some((c) => c.id === clock.id)).toBe(false);
      expect((await testClocks.findDue(lease, 1000)).some((c) => c.id === clock.id)).toBe(true);
      const held = claimAdvance(advancing, 'runner', '2026-11-24T10:00:00.000Z') as TestClock;
      await testClocks.save(held, []);
      const done = finishAdvance(held, {});
      expect((await testClocks.save(done.next as TestClock, done.events)).ok).toBe(true);
      expect((await testClocks.findDue('2030-01-01T00:00:00.000Z', 1000)).some((c) => c.id === clock.id)).toBe(false);
      const mine = await outbox.pending(1000, clock.id);
      expect(mine.map((e) => e.type)).toEqual(['TestClockReady']);
      expect(mine[0]?.occurredAt).toBe('2027-03-01T00:00:00.000Z');
      expect((await outbox.pending(1000, uid())).length).toBe(0);
      for (const e of mine) await outbox.acknowledge(e);
      expect(await outbox.pending(1000, clock.id)).toEqual([]);
    });

    it("due work on a clock is found only by that clock's sweep, and real time's sweep never sees it", async () => {
      const { contracts, deliveries } = await fresh();
      const p = project();
      const [clockA, clockB] = [uid(), uid()];
      // The same number and merchant_contract_id on two clocks and on none: three live contracts.
      const onA = contractOn(p, clockA, '79000000711');
      const onB = contractOn(p, clockB, '79000000711');
      const onNone = contractOn(p, undefined, '79000000711');
      for (const c of [onA, onB, onNone]) expect((await contracts.create(c, [])).ok).toBe(true);
      const later = '2027-01-01T02:00:00.000Z';
      expect((await contracts.findDue(later, 1000)).map((c) => c.id).filter((id) => [onA.id, onB.id, onNone.id].includes(id))).toEqual([onNone.id]);
      expect((await contracts.findDue(later, 1000, clockA)).map((c) => c.id)).toEqual([onA.id]);
      expect((await contracts.findDue(later, 1000, clockB)).map((c) => c.id)).toEqual([onB.id]);
      const d = openDelivery({
        eventId: uid(),
        eventType: 'ContractClosed',
        projectId: p,
        notification: { channel: 'webhook', url: 'http://127.0.0.1:9/x', contentType: 'application/json', body: '{}' },
        now: T0,
        testClockId: clockA,
      });
      await deliveries.create(d);
      expect((await deliveries.findDue(later, 1000)).some((x) => x.id === d.id)).toBe(false);
      expect((await deliveries.findDue(later, 1000, clockA)).map((x) => x.id)).toEqual([d.id]);
    });

    it("counts what is attached to a clock (its budget): its live and ended objects, not another clock's or project's", async () => {
      const { contracts, testClocks } = await fresh();
      const p = project();
      const [clockA, clockB] = [uid(), uid()];
      const live = contractOn(p, clockA, '79000000731');
      const ended = contractOn(p, clockA, '79000000732');
      for (const c of [live, ended, contractOn(p, clockB, '79000000731'), contractOn(p, undefined, '79000000731'), contractOn(p + 1, clockA, '79000000731')]) {
        expect((await contracts.create(c, [])).ok).toBe(true);
      }
      const cancelled = cancelContract(ended, { now: T0, newId: uid, testClockId: clockA });
      await contracts.save(cancelled.next as Contract, cancelled.events);
      expect(await testClocks.attachedTo(p, clockA, 1000)).toBe(2);
      expect(await testClocks.attachedTo(p, clockB, 1000)).toBe(1);
      expect(await testClocks.attachedTo(p, uid(), 1000)).toBe(0);
    });

    it("erasing a clock's objects removes what lives on it, and nothing else", async () => {
      const { contracts, deliveries, events, retention } = await fresh();
      const p = project();
      const clock = uid();
      const onClock = contractOn(p, clock, '79000000721');
      const offClock = contractOn(p, undefined, '79000000721');
      await contracts.create(onClock, []);
      await contracts.create(offClock, []);
      const closed = cancelContract(onClock, { now: T0, newId: uid, testClockId: clock });
      await contracts.save(closed.next as Contract, closed.events);
      for (const e of closed.events) await events.record(e);
      const closedOff = cancelContract(offClock, { now: T0, newId: uid });
      for (const e of closedOff.events) await events.record(e);
      const notification = { channel: 'webhook', url: 'http://127.0.0.1:9/x', contentType: 'application/json', body: '{}' };
      await deliveries.create(openDelivery({ eventId: uid(), eventType: 'ContractClosed', projectId: p, notification, now: T0, testClockId: clock }));
      await deliveries.create(openDelivery({ eventId: uid(), eventType: 'ContractClosed', projectId: p, notification, now: T0 }));
      expect(await retention.eraseTestClock(p, clock)).toEqual({ contracts: 1, invoices: 0, subscriptions: 0, events: 1, deliveries: 1, testClocks: 0, webhookEndpoints: 0 });
      expect(await contracts.get(p, onClock.id)).toBeUndefined();
      expect((await contracts.get(p, offClock.id))?.id).toBe(offClock.id);
      expect(await events.list(p, {}, 10)).toHaveLength(1);
      expect(await deliveries.list(p, {}, 10)).toHaveLength(1);
    });

    it("what a project's clocks keep: their events counted (up to a limit) and each clock's bytes as stored, none once erased", async () => {
      const { contracts, deliveries, events, retention } = await fresh();
      const p = project();
      const [clock, other] = [uid(), uid()];
      expect([await retention.eventsOnTestClocks(p, 10), await retention.testClockBytes(p, clock)]).toEqual([0, 0]);
      for (const [testClockId, msisdn] of [
        [clock, '79000000741'],
        [clock, '79000000742'],
        [other, '79000000743'],
      ] as const) {
        const c = contractOn(p, testClockId, msisdn);
        await contracts.create(c, []);
        for (const e of cancelContract(c, { now: T0, newId: uid, testClockId }).events) await events.record(e);
      }
      // Off every clock: neither counted nor sized.
      for (const e of cancelContract(contractOn(p, undefined, '79000000744'), { now: T0, newId: uid }).events) await events.record(e);
      const notification = { channel: 'webhook', url: 'http://127.0.0.1:9/x', contentType: 'application/json', body: 'x'.repeat(10_000) };
      expect(await retention.eventsOnTestClocks(p, 10)).toBe(3);
      expect(await retention.eventsOnTestClocks(p, 2)).toBe(2);
      expect(await retention.eventsOnTestClocks(p + 1, 10)).toBe(0);
      const before = await retention.testClockBytes(p, clock);
      expect(before > 0).toBe(true);
      await deliveries.create(openDelivery({ eventId: uid(), eventType: 'ContractClosed', projectId: p, notification, now: T0, testClockId: clock }));
      // The delivery's 10 kB body counts on its clock, not on another clock or project.
      expect((await retention.testClockBytes(p, clock)) - before > 10_000).toBe(true);
      expect((await retention.testClockBytes(p, other)) < before).toBe(true);
      expect(await retention.testClockBytes(p + 1, clock)).toBe(0);
      await retention.eraseTestClock(p, clock);
      expect([await retention.eventsOnTestClocks(p, 10), await retention.testClockBytes(p, clock)]).toEqual([1, 0]);
    });

    it("the retention leaves a clock's events and deliveries alone: their times are the clock's, not real time", async () => {
      const { contracts, deliveries, events, retention } = await fresh();
      const p = project();
      const clock = uid();
      const old = contractOn(p, clock, '79000000731');
      await contracts.create(old, []);
      const closed = cancelContract(old, { now: T0, newId: uid, testClockId: clock });
      for (const e of closed.events) await events.record(e);
      const notification = { channel: 'webhook', url: 'http://127.0.0.1:9/x', contentType: 'application/json', body: '{}' };
      const sent = openDelivery({ eventId: uid(), eventType: 'ContractClosed', projectId: p, notification, now: T0, testClockId: clock });
      await deliveries.create(sent);
      const done = recordAttempt(sent, { at: T0, status: 200, latencyMs: 1, response: '', error: null }, { kind: 'success' }, 0, { now: T0, newId: uid });
      await deliveries.save(done.next as WebhookDelivery);
      await retention.purgeBefore('2030-01-01T00:00:00.000Z');
      expect(await events.list(p, {}, 10)).toHaveLength(1);
      expect(await deliveries.list(p, {}, 10)).toHaveLength(1);
    });
  });
}
