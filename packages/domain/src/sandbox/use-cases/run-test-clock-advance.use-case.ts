import { contractDueAt } from '../../contract/contract.js';
import { invoiceNextWork } from '../../invoice/invoice.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { Job } from '../../ports/scheduler.port.js';
import { subscriptionNextWork } from '../../subscription/subscription.js';
import { eachSettled } from '../../shared/each-settled.js';
import { ok, type Result } from '../../shared/result.js';
import type { DomainError } from '../../shared/errors.js';
import type { RelayEvents } from '../../jobs/relay-events.use-case.js';
import type { RunJob } from '../../jobs/run-job.use-case.js';
import { ATTEMPT_CLAIM_SECONDS } from '../../webhook/webhook-delivery.js';
import { ADVANCE_LEASE_SECONDS, claimAdvance, finishAdvance, stepTestClock, type TestClock } from '../test-clock.js';
import type { DomainEvent } from '../../shared/domain-event.js';

type Saved = { readonly next: TestClock; readonly events: readonly DomainEvent[] };
const withoutEvents = (next: TestClock | undefined): Saved | undefined => (next ? { next, events: [] } : undefined);

/** Due pieces of work read at once from each store, and run side by side. */
const BATCH = 500;
const CONCURRENCY = 50;
/**
 * A piece of work still due after running this many times at one moment of the clock is left for
 * that moment (it would be found at every later step anyway): a stuck piece cannot hold the clock.
 */
const RUNS_PER_MOMENT = 3;
/** How long an advance waits at most for attempts still in flight when it starts (the sender's timeout is 15 s). */
const SETTLE_POLL_MS = 200;
const SETTLE_POLLS = (ATTEMPT_CLAIM_SECONDS * 1000) / SETTLE_POLL_MS;
/** The host's timer (every JavaScript runtime has one; the domain declares no runtime's types). */
const pause = (ms: number) => new Promise<void>((resolve) => (globalThis as unknown as { setTimeout(run: () => void, ms: number): unknown }).setTimeout(resolve, ms));

type AdvancePorts = Pick<KassaPorts, 'testClocks' | 'invoices' | 'contracts' | 'subscriptions' | 'deliveries' | 'clock' | 'ids' | 'requests'>;

type DueJob = Pick<Job, 'name' | 'projectId' | 'aggregateId'> & { readonly at: string };

/**
 * Job: runs a test clock's advance. Every piece of work of the clock's objects that falls due before
 * the target runs in time order, each at its own due time: the clock shows that time (stored, so
 * every process reads it), the pieces due then run, their events are relayed into deliveries, which
 * are attempted at that time too; then the next due time. At the end the clock shows the target, is
 * ready, and records `test_clock.ready`. One runner at a time holds the advance (a lease renewed at
 * every step); a runner that died is replaced by the due-work sweep, and every step is idempotent.
 */
export class RunTestClockAdvance {
  constructor(
    private readonly ports: AdvancePorts,
    private readonly runJob: Pick<RunJob, 'execute'>,
    private readonly relay: Pick<RelayEvents, 'execute'>,
  ) {}

  /** ok(true) when this run finished the advance. */
  async execute(input: { readonly projectId: number; readonly testClockId: string }): Promise<Result<boolean, DomainError>> {
    const owner = this.ports.ids.newId();
    const mine = (c: TestClock) => c.leaseOwner === owner;
    let clock = await this.hold(input, (c) => withoutEvents(claimAdvance(c, owner, this.realNow())));
    if (!clock) return ok(false);
    const target = clock.advancingTo ?? clock.frozenTime;
    await this.settle(clock);
    const runs = new Map<string, number>();
    for (;;) {
      await this.relayAll(clock.id);
      const due = (await this.dueWork(clock, target)).filter((j) => (runs.get(j.aggregateId) ?? 0) < RUNS_PER_MOMENT);
      if (due.length === 0) break;
      // biome-ignore lint/complexity/useMathMinMax: ISO times of one form compare as strings; Math.min would turn them into NaN.
      const moment = due.reduce((at, j) => (j.at < at ? j.at : at), target);
      if (moment > clock.frozenTime || this.leaseEnding(clock)) {
        if (moment > clock.frozenTime) runs.clear();
        clock = await this.hold(input, (c) => (mine(c) ? withoutEvents(stepTestClock(c, moment, this.realNow())) : undefined));
        if (!clock) return ok(false);
      }
      const now = clock.frozenTime;
      const toRun = due.filter((j) => j.at <= now);
      for (const j of toRun) runs.set(j.aggregateId, (runs.get(j.aggregateId) ?? 0) + 1);
      await eachSettled(toRun, (job) => this.runJob.execute(job), 'test clock jobs', CONCURRENCY);
    }
    const finished = await this.hold(input, (c) => {
      const requestId = this.ports.requests?.requestId();
      const change = finishAdvance(c, requestId === undefined ? {} : { requestId });
      return mine(c) && change.next ? { next: change.next, events: change.events } : undefined;
    });
    if (!finished) return ok(false);
    await this.relayAll(finished.id);
    return ok(true);
  }

  /** Every piece of the clock's work due by `until`: the earliest of each store first. */
  private async dueWork(clock: TestClock, until: string): Promise<DueJob[]> {
    const { invoices, contracts, subscriptions, deliveries } = this.ports;
    const [i, c, s, d] = await Promise.all([
      invoices.findDue(until, BATCH, clock.id),
      contracts.findDue(until, BATCH, clock.id),
      subscriptions.findDue(until, BATCH, clock.id),
      deliveries.findDue(until, BATCH, clock.id),
    ]);
    const jobs: DueJob[] = [];
    const add = (name: Job['name'], a: { projectId: number; id: string }, at: string | null | undefined) => {
      if (at) jobs.push({ name, projectId: a.projectId, aggregateId: a.id, at: new Date(at).toISOString() });
    };
    for (const x of i) {
      const work = invoiceNextWork(x);
      if (work) add(`invoice.${work.kind}`, x, work.at);
    }
    for (const x of c) add('contract.expire', x, contractDueAt(x));
    for (const x of s) {
      const work = subscriptionNextWork(x);
      if (work) add(`subscription.${work.kind}`, x, work.at);
    }
    for (const x of d) add('webhook.attempt', x, x.nextAttemptAt);
    return jobs;
  }

  /**
   * Waits (a bounded while) for attempts that real-time jobs are still sending for the clock's
   * deliveries. While the clock stood still, an attempt's claim runs to the clock's time plus
   * ATTEMPT_CLAIM_SECONDS; stepping there would send the attempt a second time and record it late.
   */
  private async settle(clock: TestClock): Promise<void> {
    const claimEnd = Date.parse(clock.frozenTime) + ATTEMPT_CLAIM_SECONDS * 1000;
    const until = new Date(claimEnd).toISOString();
    for (let polls = 0; polls < SETTLE_POLLS; polls++) {
      const due = await this.ports.deliveries.findDue(until, BATCH, clock.id);
      if (!due.some((d) => d.nextAttemptAt !== null && Date.parse(d.nextAttemptAt) === claimEnd)) return;
      await pause(SETTLE_POLL_MS);
    }
  }

  private async relayAll(testClockId: string): Promise<void> {
    while ((await this.relay.execute(BATCH, testClockId)) >= BATCH) {
      // More were waiting: relay them too before the clock moves on.
    }
  }

  /** Re-reads the clock and saves `change` of it (compare-and-set, retried on a lost race); undefined when the change declines. */
  private async hold(input: { readonly projectId: number; readonly testClockId: string }, change: (c: TestClock) => Saved | undefined): Promise<TestClock | undefined> {
    for (;;) {
      const current = await this.ports.testClocks.get(input.projectId, input.testClockId);
      if (current?.status !== 'advancing') return undefined;
      const changed = change(current);
      if (!changed) return undefined;
      if ((await this.ports.testClocks.save(changed.next, changed.events)).ok) return changed.next;
    }
  }

  private leaseEnding(clock: TestClock): boolean {
    return clock.leaseUntil !== null && Date.parse(clock.leaseUntil) - this.ports.clock.now().getTime() < (ADVANCE_LEASE_SECONDS * 1000) / 2;
  }

  private realNow(): string {
    return this.ports.clock.now().toISOString();
  }
}
