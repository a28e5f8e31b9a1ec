import { describe, expect, it } from 'vitest';
import { inMemoryPorts } from '../src/index.js';
import { TypeOnly, webhookProject as project } from './webhook.fixture.js';
import { kassaUseCases } from '@kassa-payments/domain';
import { MAX_ATTEMPTS, MAX_RETRY_AFTER_SECONDS, nextAttemptDelay, RETRY_DELAYS_SECONDS } from '@kassa-payments/domain';
import { ATTEMPT_CLAIM_SECONDS, claimAttempt } from '@kassa-payments/domain';
import { stampOf } from '@kassa-payments/domain';
import { BUSY_RETRY_SECONDS } from '@kassa-payments/domain';

/** A contract authorized: one event in the outbox, relayed into one delivery. */
async function oneDelivery() {
  const ports = { ...inMemoryPorts({ partners: [{ login: 'm', password: 'p', testCallbackAllowed: false }], projects: [project] }), notifications: new TypeOnly() };
  ports.clock.set('2026-11-22T10:00:00.000Z');
  const kassa = kassaUseCases(ports);
  const created = await kassa.createContract.execute({ projectId: 1, merchantContractId: 'mc', customer: { type: 'mobile_phone', msisdn: '79001234567' } });
  if (!created.ok) throw new Error('no contract');
  await kassa.authorizeContract.execute({ projectId: 1, contractId: created.value.id, pinCode: '1234' });
  expect(await kassa.relayEvents.execute()).toBe(1);
  expect(await ports.outbox.pending(10)).toEqual([]);
  const [delivery] = await ports.deliveries.list(1, {}, 10);
  if (!delivery) throw new Error('no delivery');
  /** Runs the due jobs at the clock's time (the attempts). */
  const runDue = async () => {
    for (const job of ports.scheduler.takeDue(ports.clock.now())) await kassa.runJob.execute(job);
  };
  return {
    ports,
    kassa,
    delivery,
    runDue,
    get: async () => {
      const current = await ports.deliveries.get(1, delivery.id);
      if (!current) throw new Error('the delivery is gone');
      return current;
    },
  };
}

describe('the retry schedule', () => {
  it("is Standard Webhooks': 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h; jitter adds at most a tenth; Retry-After wins when longer", () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(MAX_ATTEMPTS).toBe(10);
    expect(nextAttemptDelay(1, 0)).toBe(5);
    expect(nextAttemptDelay(1, 0.999)).toBeCloseTo(5.4995);
    expect(nextAttemptDelay(2, 0, 600)).toBe(600);
    expect(nextAttemptDelay(2, 0, 60)).toBe(300);
    expect(nextAttemptDelay(10, 0)).toBeNull();
  });

  it('a Retry-After beyond a day is held to a day, so no endpoint keeps a delivery pending for ever', () => {
    expect(MAX_RETRY_AFTER_SECONDS).toBe(86_400);
    expect(nextAttemptDelay(1, 0, 999_999_999)).toBe(86_400);
    expect(nextAttemptDelay(9, 0.5, 999_999_999)).toBeCloseTo(86_400 * 1.05);
  });
});

describe('relay and attempts (moved clock)', () => {
  it('the relay is idempotent: a second run creates nothing, the event is acknowledged once moved', async () => {
    const { ports, kassa, delivery } = await oneDelivery();
    expect(delivery).toMatchObject({
      state: 'pending',
      eventType: 'ContractAuthorized',
      nextAttemptAt: '2026-11-22T10:00:00.000Z',
      notification: { channel: 'webhook', url: 'https://shop.example/hooks' },
    });
    expect(await ports.deliveries.create(delivery)).toBe('exists');
    expect(await kassa.relayEvents.execute()).toBe(0);
    expect(await ports.deliveries.list(1, {}, 10)).toHaveLength(1);
  });

  it('a receiver failing the first 3 attempts sees the 4th at the scheduled offsets, then success', async () => {
    const { ports, runDue, get, delivery } = await oneDelivery();
    ports.webhooks.script.push({ kind: 'failure' }, { kind: 'failure' }, { kind: 'failure' });
    const attemptTimes: string[] = [];
    await runDue();
    for (const offset of [5, 300, 1800]) {
      ports.clock.advance(offset - 1);
      await runDue(); // a second early: not yet
      ports.clock.advance(1);
      await runDue();
    }
    const done = await get();
    for (const a of done.attempts) attemptTimes.push(a.at);
    expect(attemptTimes).toEqual(['2026-11-22T10:00:00.000Z', '2026-11-22T10:00:05.000Z', '2026-11-22T10:05:05.000Z', '2026-11-22T10:35:05.000Z']);
    expect([done.state, done.nextAttemptAt]).toEqual(['succeeded', null]);
    expect(ports.webhooks.sent.map((s) => s.signing)).toEqual(Array.from({ length: 4 }, () => ({ webhookId: delivery.eventId, deliveryId: delivery.id, secret: 'whsec_c2VjcmV0' })));
  });

  it('410 stops at once; failing every attempt makes the delivery dead after the tenth; redelivery revives it with the same webhook-id', async () => {
    const gone = await oneDelivery();
    gone.ports.webhooks.script.push({ kind: 'gone' });
    await gone.runDue();
    expect([(await gone.get()).state, (await gone.get()).attempts.length]).toEqual(['dead', 1]);

    const { ports, kassa, runDue, get, delivery } = await oneDelivery();
    ports.webhooks.script.push(...Array.from({ length: 10 }, () => ({ kind: 'failure' as const })));
    await runDue();
    for (const offset of RETRY_DELAYS_SECONDS) {
      ports.clock.advance(offset);
      await runDue();
    }
    const dead = await get();
    expect([dead.state, dead.attempts.length, dead.nextAttemptAt]).toEqual(['dead', 10, null]);
    ports.clock.advance(3600);
    expect(await kassa.runDueWork.execute()).toBe(0); // the sweep leaves a dead one alone
    const revived = await kassa.redeliverWebhook.execute({ projectId: 1, deliveryId: delivery.id });
    expect(revived.ok && revived.value.state).toBe('pending');
    await runDue();
    const after = await get();
    expect([after.state, after.attempts.length]).toEqual(['succeeded', 11]);
    expect(ports.webhooks.sent.at(-1)?.signing.webhookId).toBe(delivery.eventId);
  });

  it('the next attempt is counted from the end of a slow attempt, not its start', async () => {
    const { ports, runDue, get } = await oneDelivery();
    ports.webhooks.script.push({ kind: 'failure' });
    ports.webhooks.latencyMs = 15_000;
    await runDue();
    expect((await get()).nextAttemptAt).toBe('2026-11-22T10:00:20.000Z');
  });

  it('of two runs racing on one due attempt, only the one whose claim is saved sends it', async () => {
    const { ports, kassa, get, delivery } = await oneDelivery();
    const job = { name: 'webhook.attempt' as const, projectId: 1, aggregateId: delivery.id };
    await Promise.all([kassa.runJob.execute(job), kassa.runJob.execute(job), kassa.runDueWork.execute()]);
    expect(ports.webhooks.sent).toHaveLength(1);
    expect([(await get()).state, (await get()).attempts.length]).toEqual(['succeeded', 1]);
  });

  it('an attempt claimed by a worker that died is sent again once the claim runs out', async () => {
    const { ports, kassa, get } = await oneDelivery();
    ports.scheduler.takeDue(new Date('2030-01-01T00:00:00.000Z')); // the job went with the worker
    const claim = claimAttempt(await get(), '2026-11-22T10:00:45.000Z', stampOf(ports.clock, ports.ids));
    expect(claim.next && (await ports.deliveries.save(claim.next)).ok).toBe(true);
    expect(ATTEMPT_CLAIM_SECONDS).toBe(45);
    ports.clock.advance(ATTEMPT_CLAIM_SECONDS - 1);
    expect(await kassa.runDueWork.execute()).toBe(0);
    ports.clock.advance(1);
    expect(await kassa.runDueWork.execute()).toBe(1);
    expect([(await get()).state, ports.webhooks.sent.length]).toEqual(['succeeded', 1]);
  });

  it('an attempt whose endpoint is busy is put off a few seconds, not made and not counted; then it is made', async () => {
    const { ports, kassa, get, runDue, delivery } = await oneDelivery();
    ports.webhooks.busyUrls.add(delivery.notification.url);
    await runDue();
    expect(ports.webhooks.sent).toHaveLength(0);
    // Put off: no attempt counted, the next one saved a few seconds ahead, so the sweep does not find it due.
    expect([(await get()).state, (await get()).attempts.length, (await get()).nextAttemptAt]).toEqual(['pending', 0, `2026-11-22T10:00:0${BUSY_RETRY_SECONDS}.000Z`]);
    expect(await kassa.runDueWork.execute()).toBe(0);
    expect(ports.webhooks.sent).toHaveLength(0);
    // One job, not one per run: a job and a sweep racing on it would not both schedule one.
    const retries = ports.scheduler.takeDue(new Date('2030-01-01T00:00:00.000Z')).filter((j) => j.name === 'webhook.attempt');
    expect(retries.map((j) => j.runAt)).toEqual([`2026-11-22T10:00:0${BUSY_RETRY_SECONDS}.000Z`]);
    const [retry] = retries;
    ports.webhooks.busyUrls.clear();
    ports.clock.advance(BUSY_RETRY_SECONDS);
    if (retry) await kassa.runJob.execute(retry);
    expect([(await get()).state, ports.webhooks.sent.length]).toEqual(['succeeded', 1]);
  });

  it('the sweep finds a due attempt whose job was lost', async () => {
    const { ports, kassa, get } = await oneDelivery();
    ports.scheduler.takeDue(new Date('2030-01-01T00:00:00.000Z')); // every job lost
    expect(await kassa.runDueWork.execute()).toBe(1);
    expect((await get()).state).toBe('succeeded');
  });
});

describe('one failing item holds back no other', () => {
  it('an event that cannot be rendered stays pending; the events behind it are relayed', async () => {
    const { ports, kassa } = await oneDelivery();
    for (const merchantContractId of ['mc2', 'mc3']) {
      const created = await kassa.createContract.execute({ projectId: 1, merchantContractId, customer: { type: 'mobile_phone', msisdn: '79001234568' } });
      if (!created.ok) throw new Error('no contract');
      await kassa.authorizeContract.execute({ projectId: 1, contractId: created.value.id, pinCode: '1234' });
    }
    const pending = await ports.outbox.pending(10);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const poisoned = pending[0]?.id;
    const render = ports.notifications.render.bind(ports.notifications);
    ports.notifications.render = async (event, p) => {
      if (event.id === poisoned) throw new Error('cannot render');
      return render(event, p);
    };
    await expect(kassa.relayEvents.execute()).rejects.toThrow(`1 of ${pending.length} relayed events failed`);
    expect((await ports.outbox.pending(10)).map((e) => e.id)).toEqual([poisoned]);
  });
});
