import { describe, expect, it } from 'vitest';
import {
  approveSubscription,
  DEFAULT_TEST_CLOCK_RETENTION_MB,
  kassaUseCases,
  openSubscription,
  removeExpiredTestClocks,
  TEST_CLOCK_LIMITS,
  type DomainEvent,
  type Subscription,
} from '@kassa-payments/domain';
import { inMemoryPorts } from '../src/index.js';

// What a project's test clocks may keep (issue 43, item 5): events up to TEST_CLOCK_LIMITS.eventsPerProject
// (an advance beyond it is refused), and bytes up to settings.testClockRetentionBytes (the retention
// removes the oldest clocks beyond it); a deleted clock's records leave the in-memory stores.
const T0 = '2100-01-01T00:00:00.000Z';
const DAY = 86_400;

async function setUp() {
  const ports = inMemoryPorts();
  ports.clock.set('2026-11-24T10:00:00.000Z');
  const useCases = kassaUseCases(ports);
  const newClock = async () => {
    const created = await useCases.testClocks.create({ projectId: 1, frozenTime: T0, name: null });
    if (!created.ok) throw new Error('no clock');
    return created.value.id;
  };
  return { ports, useCases, newClock };
}

/** `count` active daily subscriptions on the clock, each charged at most `charges` times. */
async function subscriptionsOn(ports: ReturnType<typeof inMemoryPorts>, testClockId: string, count: number, charges = 10) {
  for (let i = 0; i < count; i += 1) {
    const opened = openSubscription({
      id: ports.ids.newId(),
      projectId: 1,
      acceptanceChannel: 'SMS_PIN',
      subscriberMsisdn: `7903${String(i).padStart(7, '0')}`,
      subscriberId: null,
      country: 'ru',
      operatorId: 22,
      pinDigest: 'd',
      billing: { periodSeconds: DAY, maxIterations: charges, expectedResult: 'Success', amount: { minor: 1000, currency: 'RUB' } },
      now: T0,
      testClockId,
    });
    const active = approveSubscription(opened, 'd', { now: T0, newId: () => ports.ids.newId() }).next as Subscription;
    await ports.subscriptions.create({ ...active, version: 1 }, []);
  }
}

/** `count` events recorded on the clock, as its advances would have left them. */
async function eventsOn(ports: ReturnType<typeof inMemoryPorts>, testClockId: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const event = { id: ports.ids.newId(), type: 'ContractAuthorized', occurredAt: T0, projectId: 1, aggregate: { kind: 'contract', id: 'c' }, testClockId };
    await ports.events.record(event as unknown as DomainEvent);
  }
}

/** The ports with the bytes a project's clocks may keep set to `bytes`. */
const keeping = (ports: ReturnType<typeof inMemoryPorts>, bytes: number) => ({ ...ports, settings: { ...ports.settings, testClockRetentionBytes: bytes } });

/** Advances the clock to `to` and runs the advance; answers the refusal, if any. */
async function advance(useCases: ReturnType<typeof kassaUseCases>, testClockId: string, to: string) {
  const asked = await useCases.testClocks.advance({ projectId: 1, testClockId, frozenTime: to });
  if (asked.ok) expect((await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId })).ok).toBe(true);
  return asked;
}

describe("what a project's test clocks keep", () => {
  // The first records 20,000 events one at a time: about 2 s alone, more beside other files (30 s allowed).
  it(`an advance that would take the project's clocks past ${TEST_CLOCK_LIMITS.eventsPerProject} events is refused, naming the limit; deleting a clock lets it in`, async () => {
    const { ports, useCases, newClock } = await setUp();
    const [old, current] = [await newClock(), await newClock()];
    await eventsOn(ports, old, TEST_CLOCK_LIMITS.eventsPerProject - 50);
    await subscriptionsOn(ports, current, 10);
    // 10 subscriptions charged daily for 9 days (the first charge falls due a day after T0): 90 pieces.
    const refused = await advance(useCases, current, '2100-01-10T00:00:00.000Z');
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'TEST_CLOCK_LIMIT_EXCEEDED',
        details: { limit: 'eventsPerProject', value: TEST_CLOCK_LIMITS.eventsPerProject, kept: TEST_CLOCK_LIMITS.eventsPerProject - 50, inFlight: 0, estimate: 90 },
      },
    });
    expect(!refused.ok && refused.error.message).toContain(`keep at most ${TEST_CLOCK_LIMITS.eventsPerProject} (eventsPerProject): delete a test clock`);
    expect((await ports.testClocks.get(1, current))?.status).toBe('ready');
    // A smaller step fits.
    expect((await advance(useCases, current, '2100-01-04T00:00:00.000Z')).ok).toBe(true);
    expect((await useCases.testClocks.delete({ projectId: 1, testClockId: old })).ok).toBe(true);
    expect((await advance(useCases, current, '2100-01-10T00:00:00.000Z')).ok).toBe(true);
    expect((await ports.subscriptions.list(1, undefined, 10)).every((s) => s.successfulCharges === 9)).toBe(true);
  }, 30_000);

  it('advances asked before any of them runs count one another: with 19,850 events kept, two of 90 pieces fit, a third waits for them', async () => {
    const { ports, useCases, newClock } = await setUp();
    const old = await newClock();
    await eventsOn(ports, old, TEST_CLOCK_LIMITS.eventsPerProject - 150 - 50);
    const clocks = [await newClock(), await newClock(), await newClock()];
    for (const clock of clocks) await subscriptionsOn(ports, clock, 10);
    // 10 daily subscriptions over 8 days: 80 pieces each; 19,800 kept + 80 + 80 fits, + 80 more does not.
    const asked = [];
    for (const clock of clocks) asked.push(await useCases.testClocks.advance({ projectId: 1, testClockId: clock, frozenTime: '2100-01-09T00:00:00.000Z' }));
    expect(asked.map((a) => a.ok)).toEqual([true, true, false]);
    expect(asked[2]).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_LIMIT_EXCEEDED', details: { limit: 'eventsPerProject', inFlight: 160, estimate: 80 } } });
  }, 30_000);

  it("deleting a clock takes its subscriptions, events and deliveries out of the in-memory stores; another clock's stay", async () => {
    const { ports, useCases, newClock } = await setUp();
    const [gone, stays] = [await newClock(), await newClock()];
    for (const clock of [gone, stays]) {
      await subscriptionsOn(ports, clock, 5);
      await advance(useCases, clock, '2100-02-01T00:00:00.000Z');
    }
    const goneBytes = await ports.retention.testClockBytes(1, gone);
    const staysBytes = await ports.retention.testClockBytes(1, stays);
    expect(goneBytes).toBeGreaterThan(0);
    const kept = await ports.retention.eventsOnTestClocks(1, 100_000);
    expect((await useCases.testClocks.delete({ projectId: 1, testClockId: gone })).ok).toBe(true);
    expect(await ports.retention.testClockBytes(1, gone)).toBe(0);
    expect(await ports.retention.testClockBytes(1, stays)).toBe(staysBytes);
    expect(await ports.retention.eventsOnTestClocks(1, 100_000)).toBe(kept / 2);
    expect(await ports.subscriptions.list(1, undefined, 100)).toHaveLength(5);
  });

  it('above the bytes a project may keep, the retention removes its oldest clocks first, however young, and leaves a running advance', async () => {
    const { ports, useCases, newClock } = await setUp();
    const clocks: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      clocks.push(await newClock());
      ports.clock.advance(60);
    }
    const [oldest, middle, newest] = clocks as [string, string, string];
    for (const clock of clocks) {
      await subscriptionsOn(ports, clock, 3);
      await advance(useCases, clock, '2100-01-05T00:00:00.000Z');
    }
    const bytes = await Promise.all(clocks.map((c) => ports.retention.testClockBytes(1, c)));
    const total = bytes.reduce((n, b) => n + b, 0);
    // Within the bound: nothing goes (the clocks are a few minutes old: the days have not run out).
    expect(await removeExpiredTestClocks(keeping(ports, total), ports.clock.now())).toBe(0);
    // A byte over: the oldest goes, with everything on it, and the rest fit.
    expect(await removeExpiredTestClocks(keeping(ports, total - 1), ports.clock.now())).toBe(1);
    expect(await ports.testClocks.get(1, oldest)).toBeUndefined();
    expect(await ports.retention.testClockBytes(1, oldest)).toBe(0);
    expect((await ports.testClocks.list(1, 10)).map((c) => c.id)).toEqual([newest, middle]);
    // The middle one advancing (its runner's lease running): the newest goes in its place.
    await subscriptionsOn(ports, middle, 1);
    expect((await useCases.testClocks.advance({ projectId: 1, testClockId: middle, frozenTime: '2100-01-06T00:00:00.000Z' })).ok).toBe(true);
    expect(await removeExpiredTestClocks(keeping(ports, 1), ports.clock.now())).toBe(1);
    expect((await ports.testClocks.list(1, 10)).map((c) => c.id)).toEqual([middle]);
  });

  it(`the bound by default is ${DEFAULT_TEST_CLOCK_RETENTION_MB} MB a project, beside the ${TEST_CLOCK_LIMITS.retentionDays} days`, async () => {
    const { ports, useCases, newClock } = await setUp();
    expect(ports.settings.testClockRetentionBytes).toBe(DEFAULT_TEST_CLOCK_RETENTION_MB * 1_000_000);
    const clock = await newClock();
    await subscriptionsOn(ports, clock, 2);
    await advance(useCases, clock, '2100-01-05T00:00:00.000Z');
    expect(await removeExpiredTestClocks(ports, ports.clock.now())).toBe(0);
    expect((await ports.testClocks.get(1, clock))?.id).toBe(clock);
  });
});
