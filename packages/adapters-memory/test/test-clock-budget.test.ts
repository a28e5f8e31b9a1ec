import { inMemoryPorts } from '../src/index.js';
import { describe, expect, it } from 'vitest';
import {
  ApplyRetention,
  removeExpiredTestClocks,
  approveSubscription,
  CLOCKED_ATTEMPTS,
  kassaUseCases,
  openContract,
  openDelivery,
  openSubscription,
  RunTestClockAdvance,
  TEST_CLOCK_LIMITS,
  type Subscription,
  type TestClock,
} from '@kassa-payments/domain';

// The sandbox's budget on in-memory ports: clocks a project, objects a clock, work an advance, the
// pace of an advance's webhook attempts per endpoint, and the clocks' own retention in real time.
const T0 = '2027-01-01T00:00:00.000Z';
const DAY = 86_400;

async function setUp() {
  const ports = inMemoryPorts();
  ports.clock.set('2026-11-24T10:00:00.000Z');
  const useCases = kassaUseCases(ports);
  const created = await useCases.testClocks.create({ projectId: 1, frozenTime: T0, name: null });
  if (!created.ok) throw new Error('no clock');
  return { ports, useCases, clock: created.value };
}

/** `count` active subscriptions on the clock, charged every `periodSeconds` from T0. */
async function subscriptionsOn(ports: ReturnType<typeof inMemoryPorts>, testClockId: string, count: number, periodSeconds: number) {
  for (let i = 0; i < count; i += 1) {
    const opened = openSubscription({
      id: `s-${i}`,
      projectId: 1,
      acceptanceChannel: 'SMS_PIN',
      subscriberMsisdn: `7903${String(i).padStart(7, '0')}`,
      subscriberId: null,
      country: 'ru',
      operatorId: 22,
      pinDigest: 'd',
      billing: { periodSeconds, maxIterations: 1_000, expectedResult: 'Success', amount: { minor: 1000, currency: 'RUB' } },
      now: T0,
      testClockId,
    });
    const active = approveSubscription(opened, 'd', { now: T0, newId: () => ports.ids.newId() }).next as Subscription;
    await ports.subscriptions.create({ ...active, version: 1 }, []);
  }
}

describe('the test clocks budget', () => {
  it(`a project holds at most ${TEST_CLOCK_LIMITS.clocksPerProject} clocks: the next is refused, naming the limit and its value`, async () => {
    const { useCases } = await setUp();
    for (let i = 1; i < TEST_CLOCK_LIMITS.clocksPerProject; i += 1) expect((await useCases.testClocks.create({ projectId: 1, frozenTime: T0, name: null })).ok).toBe(true);
    const refused = await useCases.testClocks.create({ projectId: 1, frozenTime: T0, name: null });
    expect(refused).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_LIMIT_EXCEEDED', details: { limit: 'clocksPerProject', value: 100 } } });
    expect(!refused.ok && refused.error.message).toContain('at most 100 test clocks (clocksPerProject)');
    // Another project has its own.
    expect((await useCases.testClocks.create({ projectId: 2, frozenTime: T0, name: null })).ok).toBe(true);
  });

  it(`a clock holds at most ${TEST_CLOCK_LIMITS.objectsPerClock} objects, and takes none while it advances`, async () => {
    const { ports, useCases, clock } = await setUp();
    const contract = (n: number) => ({
      projectId: 1,
      partnerLogin: 'merchant',
      merchantContractId: `mc-${n}`,
      customer: { type: 'mobile_phone' as const, msisdn: `7901${String(n).padStart(7, '0')}` },
      clientIp: '203.0.113.7',
      testClockId: clock.id,
    });
    for (let i = 0; i < TEST_CLOCK_LIMITS.objectsPerClock; i += 1)
      await ports.contracts.create(
        openContract({
          id: `c-${i}`,
          projectId: 1,
          merchantContractId: `seeded-${i}`,
          customer: { type: 'mobile_phone', msisdn: `7902${String(i).padStart(7, '0')}` },
          authorizationType: 'SMS_PIN',
          pinDigest: 'd',
          now: T0,
          lifetimeSeconds: DAY,
          testClockId: clock.id,
        }),
        [],
      );
    const refused = await useCases.createContract.execute(contract(1));
    expect(refused).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_LIMIT_EXCEEDED', details: { limit: 'objectsPerClock', value: 1000 } } });
    // Another clock of the project takes it.
    const other = await useCases.testClocks.create({ projectId: 1, frozenTime: T0, name: null });
    expect((await useCases.createContract.execute({ ...contract(2), testClockId: other.ok ? other.value.id : '' })).ok).toBe(true);
    await useCases.testClocks.advance({ projectId: 1, testClockId: other.ok ? other.value.id : '', frozenTime: '2027-01-01T01:00:00.000Z' });
    expect(await useCases.createContract.execute({ ...contract(3), testClockId: other.ok ? other.value.id : '' })).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_ADVANCING' } });
  });

  it(`an advance that would run more than ${TEST_CLOCK_LIMITS.piecesPerAdvance} pieces of work is refused up front; a shorter one of the same clock runs`, async () => {
    const { ports, useCases, clock } = await setUp();
    // 101 daily subscriptions: a year is 101 x 100 charges (each stops at its 100 attempts), 99 days 9,999.
    await subscriptionsOn(ports, clock.id, 101, DAY);
    const refused = await useCases.testClocks.advance({ projectId: 1, testClockId: clock.id, frozenTime: '2028-01-01T00:00:00.000Z' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_LIMIT_EXCEEDED', details: { limit: 'piecesPerAdvance', value: 10_000, estimate: 10_100 } } });
    expect(!refused.ok && refused.error.message).toContain('at most 10000 (piecesPerAdvance)');
    expect((await ports.testClocks.get(1, clock.id))?.status).toBe('ready');
    const asked = await useCases.testClocks.advance({ projectId: 1, testClockId: clock.id, frozenTime: '2027-04-09T23:59:59.000Z' });
    expect(asked.ok).toBe(true);
    expect(await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId: clock.id })).toEqual({ ok: true, value: true });
    const charged = (await ports.subscriptions.list(1, undefined, 200)).reduce((n, s) => n + s.successfulCharges, 0);
    expect(charged).toBe(101 * 98);
  }, 30_000);

  it('an advance whose objects take on work while it runs (subscriptions approved meanwhile) stops where it is at twice its budget, ready', async () => {
    const { ports, useCases, clock } = await setUp();
    for (let i = 0; i < 10; i += 1) {
      const opened = openSubscription({
        id: `p-${i}`,
        projectId: 1,
        acceptanceChannel: 'SMS_PIN',
        subscriberMsisdn: `7904${String(i).padStart(7, '0')}`,
        subscriberId: null,
        country: 'ru',
        operatorId: 22,
        pinDigest: 'd',
        billing: { periodSeconds: DAY, maxIterations: 1_000, expectedResult: 'Success', amount: { minor: 1000, currency: 'RUB' } },
        now: T0,
        testClockId: clock.id,
      });
      await ports.subscriptions.create(opened, []);
    }
    // Let in as 10 pieces (their approval deadlines), then each approved: 10 x 30 charges in a month.
    expect((await useCases.testClocks.advance({ projectId: 1, testClockId: clock.id, frozenTime: '2027-02-01T00:00:00.000Z' })).ok).toBe(true);
    for (let i = 0; i < 10; i += 1) {
      const pending = (await ports.subscriptions.get(1, `p-${i}`)) as Subscription;
      await ports.subscriptions.save(approveSubscription(pending, 'd', { now: T0, newId: () => ports.ids.newId() }).next as Subscription, []);
    }
    const runner = new RunTestClockAdvance(ports, useCases.runJob, useCases.relayEvents, 100);
    await expect(runner.execute({ projectId: 1, testClockId: clock.id })).rejects.toThrow(/ran 100 pieces of work .* and stopped at/);
    const stopped = (await ports.testClocks.get(1, clock.id)) as TestClock;
    expect(stopped.status).toBe('ready');
    expect(stopped.frozenTime < '2027-02-01T00:00:00.000Z').toBe(true);
    const charged = (await ports.subscriptions.list(1, undefined, 20)).reduce((n, s) => n + s.successfulCharges, 0);
    expect(charged).toBeLessThanOrEqual(100);
  });

  it('a process runs two advances at once; a third is asked again a second later', async () => {
    const { ports, useCases } = await setUp();
    const clocks: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const created = await useCases.testClocks.create({ projectId: 1, frozenTime: T0, name: null });
      const id = created.ok ? created.value.id : '';
      clocks.push(id);
      await ports.contracts.create(
        openContract({
          id: `c-${i}`,
          projectId: 1,
          merchantContractId: `mc-${i}`,
          customer: { type: 'mobile_phone', msisdn: `7905${String(i).padStart(7, '0')}` },
          authorizationType: 'SMS_PIN',
          pinDigest: 'd',
          now: T0,
          lifetimeSeconds: 3600,
          testClockId: id,
        }),
        [],
      );
      await useCases.testClocks.advance({ projectId: 1, testClockId: id, frozenTime: '2027-01-02T00:00:00.000Z' });
    }
    const before = ports.scheduler.scheduled.length;
    const results = await Promise.all(clocks.map((testClockId) => useCases.runTestClockAdvance.execute({ projectId: 1, testClockId })));
    expect(results.map((r) => r.ok && r.value)).toEqual([true, true, false]);
    expect(ports.scheduler.scheduled.slice(before).map((j) => [j.name, j.aggregateId])).toEqual([['test_clock.advance', clocks[2]]]);
    expect(await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId: clocks[2] ?? '' })).toEqual({ ok: true, value: true });
  });

  it('an endpoint that fails during an advance gets a few real attempts; the rest of each schedule is recorded as not sent, and the delivery ends dead, redeliverable', async () => {
    const { ports, useCases, clock } = await setUp();
    const notification = { channel: 'webhook', url: 'https://merchant.example/hooks', contentType: 'application/json', body: '{}' };
    for (let i = 0; i < 5; i += 1) await ports.deliveries.create(openDelivery({ eventId: `e-${i}`, eventType: 'ContractClosed', projectId: 1, notification, now: T0, testClockId: clock.id }));
    ports.webhooks.script.push(...Array.from({ length: 100 }, () => ({ kind: 'failure' as const })));
    await useCases.testClocks.advance({ projectId: 1, testClockId: clock.id, frozenTime: '2027-01-10T00:00:00.000Z' });
    expect((await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId: clock.id })).ok).toBe(true);
    // The five first attempts go side by side (at most a burst); their failures rest the endpoint:
    // nothing more reaches it during the advance.
    expect(ports.webhooks.sent).toHaveLength(5);
    const deliveries = await ports.deliveries.list(1, {}, 10);
    expect(deliveries.map((d) => d.state)).toEqual(Array(5).fill('dead'));
    for (const d of deliveries) {
      expect(d.attempts).toHaveLength(10);
      const notSent = d.attempts.filter((a) => a.sent === false);
      expect(notSent.every((a) => a.status === null && a.error?.startsWith('not sent:'))).toBe(true);
      // Each at its own time on the schedule (5 s, 5 min, 30 min, ... apart), within the advance.
      expect(d.attempts.map((a) => a.at)).toEqual([...d.attempts.map((a) => a.at)].sort());
      expect(d.attempts.every((a) => a.at <= '2027-01-10T00:00:00.000Z')).toBe(true);
    }
    expect(deliveries.map((d) => d.attempts.map((a) => a.sent !== false))).toEqual(Array(5).fill([true, ...Array(9).fill(false)]));
    const again = await useCases.redeliverWebhook.execute({ projectId: 1, deliveryId: deliveries[0]?.id ?? '' });
    expect(again.ok && again.value.state).toBe('pending');
  });

  it('a healthy endpoint gets every attempt of an advance up to its pace, and the rest later on their schedule', async () => {
    const { ports, useCases, clock } = await setUp();
    const notification = { channel: 'webhook', url: 'https://merchant.example/hooks', contentType: 'application/json', body: '{}' };
    const count = CLOCKED_ATTEMPTS.burst + 5;
    for (let i = 0; i < count; i += 1) await ports.deliveries.create(openDelivery({ eventId: `e-${i}`, eventType: 'ContractClosed', projectId: 1, notification, now: T0, testClockId: clock.id }));
    await useCases.testClocks.advance({ projectId: 1, testClockId: clock.id, frozenTime: '2027-01-01T00:10:00.000Z' });
    expect((await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId: clock.id })).ok).toBe(true);
    // The burst is sent at once (the manual clock stands still: no refill); the others wait 5 s of the clock's time, then go.
    const deliveries = await ports.deliveries.list(1, {}, 100);
    expect(ports.webhooks.sent.length).toBe(CLOCKED_ATTEMPTS.burst);
    expect(deliveries.filter((d) => d.state === 'succeeded')).toHaveLength(CLOCKED_ATTEMPTS.burst);
    expect(deliveries.filter((d) => d.attempts.some((a) => a.sent === false))).toHaveLength(5);
  });

  it(`clocks live ${TEST_CLOCK_LIMITS.retentionDays} days of real time: then the retention removes each with everything on it`, async () => {
    const { ports, clock } = await setUp();
    await subscriptionsOn(ports, clock.id, 3, DAY);
    ports.clock.advance(15 * DAY);
    const younger = await kassaUseCases(ports).testClocks.create({ projectId: 1, frozenTime: '2100-01-01T00:00:00.000Z', name: null });
    ports.clock.advance(16 * DAY);
    const report = await new ApplyRetention(ports, (now) => removeExpiredTestClocks(ports, now)).execute();
    expect(report?.testClocks).toBe(1);
    expect(await ports.testClocks.get(1, clock.id)).toBeUndefined();
    expect(await ports.subscriptions.list(1, undefined, 10)).toEqual([]);
    expect((await ports.testClocks.get(1, (younger as { value: TestClock }).value.id))?.id).toBeDefined();
  });
});
