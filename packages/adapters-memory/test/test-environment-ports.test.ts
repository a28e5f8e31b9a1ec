import { describe, expect, it } from 'vitest';
import {
  ClockedScheduler,
  kassaUseCases,
  openTestClock,
  PRODUCTION_PERIOD_SECONDS,
  RealTime,
  startAdvance,
  TEST_CLOCK_LIMITS,
  TEST_LIST_LIMIT,
  TEST_PIN,
  TestClockTime,
  testEnvironmentSandbox,
  UNDELIVERABLE_SMS_TEST_MSISDN,
  type EventStamp,
  type Job,
} from '@kassa-payments/domain';
import { InMemoryScheduler, InMemoryTestClockRepository, ManualClock, inMemoryPorts, projectWithDefaults } from '../src/index.js';

const REAL = '2026-01-01T00:00:00.000Z';
const FROZEN = '2030-06-01T12:00:00.000Z';
const base: EventStamp = { now: REAL, newId: () => 'id' };
const job = (testClockId: string | undefined, runAt: string): Job => ({ name: 'invoice.expire', projectId: 1, aggregateId: 'a1', runAt, ...(testClockId ? { testClockId } : {}) });

async function clocked() {
  const clock = new ManualClock(REAL);
  const testClocks = new InMemoryTestClockRepository();
  await testClocks.create(openTestClock({ id: 'tc1', projectId: 1, name: null, frozenTime: FROZEN, now: REAL }));
  return { clock, testClocks, time: new TestClockTime(testClocks, clock) };
}

describe('RealTime (production): the Clock port for every aggregate, no test clocks', () => {
  const clock = new ManualClock(REAL);
  const time = new RealTime(clock);

  it('answers real time even for a record naming a clock, and leaves stamps as they are', async () => {
    expect((await time.now({ projectId: 1, testClockId: 'tc1' })).toISOString()).toBe(REAL);
    expect(await time.stamp({ projectId: 1, testClockId: 'tc1' }, base)).toBe(base);
    expect(await time.advancingTo({ projectId: 1, testClockId: 'tc1' })).toBeUndefined();
  });

  it('starts a new aggregate now, on no clock, whatever clock the request names (test_info is ignored)', async () => {
    expect(await time.start(1, 'tc1')).toEqual({ ok: true, value: { now: new Date(REAL) } });
  });

  it('hands the scheduler through unchanged', () => {
    const inner = new InMemoryScheduler();
    expect(time.scheduler(inner)).toBe(inner);
  });
});

describe("TestClockTime (the sandbox's): an aggregate on a test clock reads that clock, others real time", () => {
  it('reads the clock of an attached aggregate, real time otherwise or when the clock is gone', async () => {
    const { time, testClocks } = await clocked();
    expect((await time.now({ projectId: 1 })).toISOString()).toBe(REAL);
    expect((await time.now({ projectId: 1, testClockId: 'tc1' })).toISOString()).toBe(FROZEN);
    // Another project's clock of the same id is not this one.
    expect((await time.now({ projectId: 2, testClockId: 'tc1' })).toISOString()).toBe(REAL);
    await testClocks.remove(1, 'tc1');
    expect((await time.now({ projectId: 1, testClockId: 'tc1' })).toISOString()).toBe(REAL);
  });

  it("stamps a command in its clock's time, naming the clock; without one the stamp is left as it is", async () => {
    const { time } = await clocked();
    expect(await time.stamp({ projectId: 1 }, base)).toBe(base);
    expect(await time.stamp({ projectId: 1, testClockId: 'tc1' }, base)).toMatchObject({ now: FROZEN, testClockId: 'tc1' });
  });

  it('starts a new aggregate on the clock the request names, at its time; refuses an unknown, advancing or full clock', async () => {
    const { time, testClocks } = await clocked();
    expect(await time.start(1, undefined)).toEqual({ ok: true, value: { now: new Date(REAL) } });
    expect(await time.start(1, 'tc1')).toEqual({ ok: true, value: { now: new Date(FROZEN), testClockId: 'tc1' } });
    expect(await time.start(1, 'nope')).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_NOT_FOUND', message: 'No test clock nope in this project' } });

    const full = Object.assign(new InMemoryTestClockRepository(), { attachedTo: async () => TEST_CLOCK_LIMITS.objectsPerClock });
    await full.create(openTestClock({ id: 'tc1', projectId: 1, name: null, frozenTime: FROZEN, now: REAL }));
    expect(await new TestClockTime(full, new ManualClock(REAL)).start(1, 'tc1')).toMatchObject({
      ok: false,
      error: { code: 'TEST_CLOCK_LIMIT_EXCEEDED', details: { limit: 'objectsPerClock', value: TEST_CLOCK_LIMITS.objectsPerClock } },
    });

    const clock = await testClocks.get(1, 'tc1');
    const advancing = clock && startAdvance(clock, '2030-07-01T00:00:00.000Z', REAL);
    if (!advancing?.next) throw new Error('expected the advance to start');
    expect((await testClocks.save(advancing.next, advancing.events)).ok).toBe(true);
    expect(await time.start(1, 'tc1')).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_ADVANCING' } });
    expect(await time.advancingTo({ projectId: 1, testClockId: 'tc1' })).toBe('2030-07-01T00:00:00.000Z');
    expect(await time.advancingTo({ projectId: 1 })).toBeUndefined();
  });

  it("schedules a clock's job in the clock's time: due by the clock, now; later, left to an advance; no clock, as asked", async () => {
    const { time, clock } = await clocked();
    const inner = new InMemoryScheduler();
    const scheduler = time.scheduler(inner);
    expect(scheduler).toBeInstanceOf(ClockedScheduler);
    await scheduler.schedule(job('tc1', '2030-06-02T00:00:00.000Z'));
    expect(inner.scheduled).toEqual([]);
    await scheduler.schedule(job('tc1', FROZEN));
    expect(inner.scheduled).toEqual([job('tc1', clock.now().toISOString())]);
    const plain = { ...job(undefined, '2026-02-01T00:00:00.000Z'), aggregateId: 'a2' };
    await scheduler.schedule(plain);
    expect(inner.scheduled).toContainEqual(plain);
  });
});

describe("the sandbox's policy (testEnvironmentSandbox)", () => {
  it("is the spec's test environment: PIN 1234, no SMS but the undeliverable number, lists of 50", () => {
    expect(testEnvironmentSandbox.fixedPin).toBe(TEST_PIN);
    expect(testEnvironmentSandbox.pinDelivery(UNDELIVERABLE_SMS_TEST_MSISDN)).toBe('undeliverable');
    expect(testEnvironmentSandbox.pinDelivery('79001234567')).toBe('sent');
    expect(testEnvironmentSandbox.subscriptionListLimit).toBe(TEST_LIST_LIMIT);
  });

  it('bills a subscription as its TestInfo asks: three charges, never due unless on a clock (every 30 days there); out of range refused', () => {
    const { subscriptionBilling } = testEnvironmentSandbox;
    const defaults = { maxIterations: 3, expectedResult: 'Success', amount: { minor: 1000, currency: 'RUB' } };
    expect(subscriptionBilling(undefined, false)).toEqual({ ok: true, value: { periodSeconds: null, ...defaults } });
    expect(subscriptionBilling({}, true)).toEqual({ ok: true, value: { periodSeconds: PRODUCTION_PERIOD_SECONDS, ...defaults } });
    expect(subscriptionBilling({ billingPeriodSeconds: 5, maxIterations: 2, expectedBillingResult: 'Failed' }, true)).toMatchObject({
      ok: true,
      value: { periodSeconds: 5, maxIterations: 2, expectedResult: 'Failed' },
    });
    expect(subscriptionBilling({ billingPeriodSeconds: 86401 }, false)).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'SUBSCRIPTION_WRONG_PARAMS', message: 'BillingPeriodSeconds must be an integer from 1 to 86400' }),
    });
    expect(subscriptionBilling({ maxIterations: 0 }, false)).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION_WRONG_PARAMS', message: 'MaxIterations must be an integer from 1 to 100' } });
  });

  it('is chosen once with the time source: the test environment has both, production real time and no sandbox', () => {
    const test = inMemoryPorts();
    expect(test.sandbox).toBe(testEnvironmentSandbox);
    expect(test.time).toBeInstanceOf(TestClockTime);
    const production = inMemoryPorts({ mode: 'production' });
    expect(production.sandbox).toBeUndefined();
    expect(production.time).toBeInstanceOf(RealTime);
  });
});

describe('use cases ask the policy, not the mode', () => {
  it("a sandbox's own PIN and SMS outcomes are what a new contract gets; its list limit is GetSubscriptions'", async () => {
    const ports = inMemoryPorts({ mode: 'production', projects: [projectWithDefaults({ id: 1, partnerLogin: 'm' })] });
    const sandbox = {
      fixedPin: '9876',
      pinDelivery: (msisdn: string) => (msisdn === '79000000001' ? ('undeliverable' as const) : ('sent' as const)),
      subscriptionListLimit: 1,
      subscriptionBilling: testEnvironmentSandbox.subscriptionBilling,
    };
    const useCases = kassaUseCases({ ...ports, sandbox });
    const created = await useCases.createContract.execute({ projectId: 1, merchantContractId: 'c1', customer: { type: 'mobile_phone', msisdn: '79001234567' } });
    expect(created.ok && created.value.pinDigest).toBe(`test-digest:${created.ok ? created.value.id : ''}:9876`);
    expect(ports.sms.sent).toEqual([]);
    const refused = await useCases.createContract.execute({ projectId: 1, merchantContractId: 'c2', customer: { type: 'mobile_phone', msisdn: '79000000001' } });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('PIN_NOT_DELIVERED');
    for (const msisdn of ['79001234561', '79001234562']) await useCases.createSubscription.execute({ projectId: 1, msisdn });
    expect(await useCases.listSubscriptions.execute({ projectId: 1 })).toHaveLength(1);
  });
});

describe('production has no test clocks', () => {
  it("the sweep of due work reads no test clock there (the test environment's sweep does)", async () => {
    const reads = { production: 0, test: 0 };
    for (const mode of ['production', 'test'] as const) {
      const ports = inMemoryPorts({ mode, projects: [projectWithDefaults({ id: 1, partnerLogin: 'm' })] });
      const { testClocks } = ports;
      const page = testClocks.page.bind(testClocks);
      const findDue = testClocks.findDue.bind(testClocks);
      testClocks.page = (...args) => {
        reads[mode] += 1;
        return page(...args);
      };
      testClocks.findDue = (...args) => {
        reads[mode] += 1;
        return findDue(...args);
      };
      await kassaUseCases(ports).runDueWork.execute();
    }
    expect(reads.production).toBe(0);
    expect(reads.test).toBeGreaterThan(0);
  });
});
