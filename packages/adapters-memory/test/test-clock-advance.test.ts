import { inMemoryPorts, TEST_ENVIRONMENT_MSISDNS } from '../src/index.js';
import { describe, expect, it } from 'vitest';
import { ADVANCE_LEASE_SECONDS, kassaUseCases, openContract, RunTestClockAdvance, type TestClock } from '@kassa-payments/domain';

// The advance's runner on in-memory ports: who runs it, what happens when its runner dies, and what
// a clock's jobs do while it stands still.
const T0 = '2027-01-01T00:00:00.000Z';

/** A contract awaiting its PIN on the clock, created at T0. */
const contractOn = (testClockId: string, id: string, msisdn: string, lifetimeSeconds: number) =>
  openContract({ id, projectId: 1, merchantContractId: 'mc', customer: { type: 'mobile_phone', msisdn }, authorizationType: 'SMS_PIN', pinDigest: 'd', now: T0, lifetimeSeconds, testClockId });

async function setUp() {
  const ports = inMemoryPorts();
  ports.clock.set('2026-12-28T10:00:00.000Z');
  const useCases = kassaUseCases(ports);
  const clock = (await useCases.testClocks.create({ projectId: 1, frozenTime: T0, name: null })) as { ok: true; value: TestClock };
  await ports.contracts.create(contractOn(clock.value.id, 'c-1', '79001234567', 3600), []);
  return { ports, useCases, clockId: clock.value.id };
}

describe('RunTestClockAdvance', () => {
  it('runs what falls due, ends ready at the target, and a second run of the same advance does nothing', async () => {
    const { ports, useCases, clockId } = await setUp();
    await useCases.testClocks.advance({ projectId: 1, testClockId: clockId, frozenTime: '2027-01-01T02:00:00.000Z' });
    expect(ports.scheduler.scheduled.map((j) => j.name)).toContain('test_clock.advance');
    expect((await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId: clockId })).ok).toBe(true);
    expect((await ports.contracts.get(1, 'c-1'))?.state).toBe('closed');
    expect(await ports.testClocks.get(1, clockId)).toMatchObject({ status: 'ready', frozenTime: '2027-01-01T02:00:00.000Z', leaseOwner: null });
    expect(await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId: clockId })).toEqual({ ok: true, value: false });
    // Relayed by the advance: the contract's event stamped at its due time (its expires_at), on the clock; the clock's own at its target.
    expect(await ports.outbox.pending(100, clockId)).toEqual([]);
    const events = await ports.events.list(1, {}, 10);
    expect(events.map((e) => [e.type, e.occurredAt, e.testClockId])).toEqual([
      ['TestClockReady', '2027-01-01T02:00:00.000Z', clockId],
      ['ContractClosed', '2027-01-01T01:00:00.000Z', clockId],
    ]);
  });

  it('a runner that holds the advance keeps it; once its lease ran out, the sweep asks for the advance again and another runner finishes it', async () => {
    const { ports, useCases, clockId } = await setUp();
    await useCases.testClocks.advance({ projectId: 1, testClockId: clockId, frozenTime: '2027-01-02T00:00:00.000Z' });
    // A runner took it and died: its lease stands for ADVANCE_LEASE_SECONDS of real time.
    const advancing = (await ports.testClocks.get(1, clockId)) as TestClock;
    await ports.testClocks.save(
      { ...advancing, leaseOwner: 'dead-runner', leaseUntil: new Date(Date.parse('2026-12-28T10:00:00.000Z') + ADVANCE_LEASE_SECONDS * 1000).toISOString(), version: advancing.version + 1 },
      [],
    );
    expect(await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId: clockId })).toEqual({ ok: true, value: false });
    expect((await ports.contracts.get(1, 'c-1'))?.state).toBe('awaitingPin');
    ports.clock.advance(ADVANCE_LEASE_SECONDS + 1);
    const before = ports.scheduler.scheduled.length;
    await useCases.runDueWork.execute();
    expect(ports.scheduler.scheduled.slice(before).map((j) => j.name)).toEqual(['test_clock.advance']);
    expect(await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId: clockId })).toEqual({ ok: true, value: true });
    expect((await ports.contracts.get(1, 'c-1'))?.state).toBe('closed');
  });

  it("real time's sweep leaves a clock's due work alone, and its jobs wait for an advance", async () => {
    const { ports, useCases, clockId } = await setUp();
    // Real time past the contract's expiry (in its clock's time), within the clock's 30 days of life.
    ports.clock.set('2027-01-15T00:00:00.000Z');
    expect(await useCases.runDueWork.execute()).toBe(0);
    expect((await ports.contracts.get(1, 'c-1'))?.state).toBe('awaitingPin');
    // The expiry job of a contract created over the API on the clock is not handed to the scheduler.
    const created = await useCases.createContract.execute({ projectId: 1, merchantContractId: 'mc-2', customer: { type: 'mobile_phone', msisdn: '79001234568' }, testClockId: clockId });
    expect(created.ok && created.value.createdAt).toBe(T0);
    expect(ports.scheduler.scheduled.filter((j) => j.name === 'contract.expire')).toEqual([]);
    // The clock is refused an advance backwards and a second advance while one is under way.
    expect(await useCases.testClocks.advance({ projectId: 1, testClockId: clockId, frozenTime: '2026-01-01T00:00:00.000Z' })).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_TIME_INVALID' } });
    await useCases.testClocks.advance({ projectId: 1, testClockId: clockId, frozenTime: '2027-02-01T00:00:00.000Z' });
    expect(await useCases.testClocks.advance({ projectId: 1, testClockId: clockId, frozenTime: '2027-03-01T00:00:00.000Z' })).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_ADVANCING' } });
    expect(await useCases.testClocks.delete({ projectId: 1, testClockId: clockId })).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_ADVANCING' } });
  });

  it('a piece of work that throws is run again at its moment: the no-answer number is charged twelve times in a year, and the advance ends', async () => {
    const { ports, useCases, clockId } = await setUp();
    const created = await useCases.createSubscription.execute({ projectId: 1, msisdn: TEST_ENVIRONMENT_MSISDNS.noAnswerThenSuccess, testInfo: { maxIterations: 100, testClockId: clockId } });
    const subscriptionId = created.ok ? created.value.subscription.id : '';
    expect((await useCases.approveSubscription.execute({ projectId: 1, subscriptionId, pinCode: '1234' })).ok).toBe(true);
    await useCases.testClocks.advance({ projectId: 1, testClockId: clockId, frozenTime: '2028-01-01T00:00:00.000Z' });
    expect(await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId: clockId })).toEqual({ ok: true, value: true });
    const s = await ports.subscriptions.get(1, subscriptionId);
    expect(s?.billingOperations.map((o) => o.status)).toEqual(Array(12).fill('SUCCESS'));
  });

  it("the sweep runs what is due by a ready clock's own time when its job was lost", async () => {
    const { ports, useCases, clockId } = await setUp();
    const created = await useCases.createInvoice.execute({
      projectId: 1,
      partnerLogin: 'merchant',
      merchantOrderId: 'o-clock',
      customer: { type: 'mobile_phone', msisdn: '79001234599' },
      price: { minor: 1000, currency: 'RUB' },
      testClockId: clockId,
    });
    const invoiceId = created.ok ? created.value.invoice.id : '';
    expect((await useCases.authorizeInvoice.execute({ projectId: 1, invoiceId, pinCode: '1234' })).ok).toBe(true);
    // The charge job went to the scheduler (due by the clock), which here never runs it: lost.
    expect(ports.scheduler.scheduled.some((j) => j.name === 'invoice.charge' && j.aggregateId === invoiceId)).toBe(true);
    expect((await ports.invoices.get(1, invoiceId))?.state).toBe('authorized');
    await useCases.runDueWork.execute();
    const paid = await ports.invoices.get(1, invoiceId);
    expect(paid?.state).toBe('processed');
    expect(paid?.transactions[0]?.paidAt).toBe(T0);
  });

  it('a piece that keeps failing is left after three runs at its moment: the rest goes on, the clock ends ready, and the failure is thrown for the log', async () => {
    const { ports, useCases, clockId } = await setUp();
    await ports.contracts.create(contractOn(clockId, 'c-2', '79001234500', 7200), []);
    let tries = 0;
    const failing = new RunTestClockAdvance(
      ports,
      {
        execute: async (job) => {
          if (job.aggregateId !== 'c-1') return useCases.runJob.execute(job);
          tries += 1;
          throw new Error('storage said no');
        },
      },
      useCases.relayEvents,
    );
    await useCases.testClocks.advance({ projectId: 1, testClockId: clockId, frozenTime: '2027-01-02T00:00:00.000Z' });
    await expect(failing.execute({ projectId: 1, testClockId: clockId })).rejects.toThrow(/1 pieces of work still due/);
    expect(tries).toBe(3);
    expect((await ports.contracts.get(1, 'c-2'))?.state).toBe('closed');
    expect(await ports.testClocks.get(1, clockId)).toMatchObject({ status: 'ready', frozenTime: '2027-01-02T00:00:00.000Z' });
  });
});
