import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { ok, type Result } from '../../shared/result.js';
import type { DomainError } from '../../shared/errors.js';
import { scheduleDueWork } from '../../application/save-and-schedule.js';
import { dueJobs, type EventRelay, type JobRunner } from '../../jobs/due-work.js';
import { ATTEMPT_CLAIM_SECONDS, deliveryLifecycle } from '../../webhook/webhook-delivery.js';
import { ADVANCE_LEASE_SECONDS, advanceAskedAt, claimAdvance, finishAdvance, stepTestClock, testClockLifecycle, type TestClock, type TestClockEvent } from '../test-clock.js';
import { TEST_CLOCK_LIMITS } from '../../shared/test-clock-limits.js';
import { ADVANCE_CONCURRENCY, AdvanceSlices } from './advance-slices.js';

type Saved = { readonly next: TestClock; readonly events: readonly TestClockEvent[] };
const withoutEvents = (next: TestClock | undefined): Saved | undefined => (next ? { next, events: [] } : undefined);

/** Due pieces of work read at once from each store. */
const BATCH = 500;
/** Jobs run between two renewals of the lease: one round side by side, so that even 15-second webhook attempts leave the lease time to spare. */
const CHUNK = ADVANCE_CONCURRENCY;
/**
 * Advances one process runs at once; the others are asked again a second later. Each takes its own
 * turns, so that N advances side by side hold the event loop N slices a turn: a few, not a hundred.
 */
const ADVANCES_AT_ONCE = 2;
/**
 * Pieces after which a running advance stops where it is: twice the budget it was let in with, so
 * that retries of its own pieces never stop it, while work its objects took on as it ran (commands on
 * them are not refused) cannot make it run for ever.
 */
const STOP_AT_PIECES = 2 * TEST_CLOCK_LIMITS.piecesPerAdvance;
/**
 * A piece of work still due after running this many times at one moment of the clock is left for
 * that moment (it would be found at every later step anyway): a stuck piece cannot hold the clock.
 */
const RUNS_PER_MOMENT = 3;
/** An advance asked for while attempts of its clock are still in flight (or while the process runs its share of advances) runs this much later instead. */
const SETTLE_RETRY_MS = 1_000;

type AdvancePorts = Pick<KassaPorts, 'testClocks' | 'invoices' | 'contracts' | 'subscriptions' | 'deliveries' | 'clock' | 'ids' | 'scheduler' | 'takeTurn'>;

type ClockRef = { readonly projectId: number; readonly testClockId: string };

/** What one run of an advance keeps: its slices of the event loop, the pieces it ran, what it left. */
interface Run {
  readonly slices: AdvanceSlices;
  readonly collect: (e: unknown) => void;
  readonly left: Set<string>;
  /** Pieces of work run (webhook attempts aside): past the budget, the advance stops where it is. */
  pieces: number;
  /** The request that asked for the advance: `test_clock.ready` carries its id. */
  readonly context: RequestContext | undefined;
}

/**
 * Job: runs a test clock's advance. Every piece of work of the clock's objects that falls due before
 * the target runs in time order, each at its own due time: the clock shows that time (stored, so
 * every process reads it), the pieces due then run, their events are relayed into deliveries, which
 * are attempted at that time too; then the next due time. At the end the clock shows the target, is
 * ready, and records `test_clock.ready`. One runner at a time holds the advance (a lease renewed at
 * every step); a runner that died is replaced by the due-work sweep, and every step is idempotent.
 */
export class RunTestClockAdvance {
  /** Advances this process runs now. */
  private running = 0;

  constructor(
    private readonly ports: AdvancePorts,
    private readonly runJob: JobRunner,
    private readonly relay: EventRelay,
    private readonly stopAtPieces = STOP_AT_PIECES,
  ) {}

  /** ok(true) when this run finished the advance. */
  async execute(input: { readonly projectId: number; readonly testClockId: string }, context?: RequestContext): Promise<Result<boolean, DomainError>> {
    const waiting = await this.ports.testClocks.get(input.projectId, input.testClockId);
    // The process's share is counted before anything is awaited: runs that start together see each other.
    const full = this.running >= ADVANCES_AT_ONCE;
    this.running += 1;
    try {
      if (waiting?.status === 'advancing' && (full || (await this.attemptsInFlight(waiting)))) {
        // Asked again a second later (a job, not a wait: the domain keeps no timers).
        const runAt = new Date(this.ports.clock.now().getTime() + SETTLE_RETRY_MS).toISOString();
        await scheduleDueWork(this.ports.scheduler, testClockLifecycle, waiting, runAt);
        return ok(false);
      }
      return await this.advance(input, context);
    } finally {
      this.running -= 1;
    }
  }

  private async advance(input: ClockRef, context: RequestContext | undefined): Promise<Result<boolean, DomainError>> {
    const owner = this.ports.ids.newId();
    const mine = (c: TestClock) => c.leaseOwner === owner;
    const clock = await this.hold(input, (c) => withoutEvents(claimAdvance(c, owner, this.realNow())));
    if (!clock) return ok(false);
    // A piece of work that throws is retried at its moment (RUNS_PER_MOMENT), then left for the rest of
    // the advance: when some are still due at its end, or the last relay failed, the failures are
    // thrown once the advance is done, for the job runner to log.
    const failures: unknown[] = [];
    const left = new Set<string>();
    let relayed = true;
    const collect = (e: unknown) => void failures.push(...(e instanceof AggregateError ? e.errors : [e]));
    const run: Run = { slices: new AdvanceSlices(this.ports, this.runJob, context), collect, left, pieces: 0, context };
    let stoppedAt: string | undefined;
    try {
      const finished = await this.walk(input, clock, mine, run);
      if (!finished) return ok(false);
      if (finished.frozenTime < (clock.advancingTo ?? finished.frozenTime)) stoppedAt = finished.frozenTime;
      // Work asked for while the clock advanced (the scheduler left it to the advance) that is due at the target.
      const late = (await dueJobs(this.ports, finished.frozenTime, BATCH + left.size, finished.id)).filter((j) => j.at <= finished.frozenTime && !left.has(j.aggregateId));
      await run.slices.run(late, collect);
      await this.relayAll(finished.id, run).catch((e: unknown) => {
        relayed = false;
        collect(e);
      });
      const stillDue = (await dueJobs(this.ports, finished.frozenTime, BATCH + left.size, finished.id)).filter((j) => left.has(j.aggregateId));
      left.clear();
      for (const j of stillDue) left.add(j.aggregateId);
    } catch (e) {
      // Broken storage, say: the lease goes at once, so that the sweep asks for the advance again soon.
      await this.hold(input, (c) => (mine(c) ? withoutEvents({ ...c, leaseUntil: this.realNow(), version: c.version + 1 }) : undefined)).catch(() => undefined);
      throw e;
    }
    if (stoppedAt !== undefined) {
      throw new AggregateError(
        failures,
        `test clock ${input.testClockId}: its advance ran ${this.stopAtPieces} pieces of work (twice its budget: its objects took on work while it ran) and stopped at ${stoppedAt}`,
      );
    }
    if (left.size > 0 || !relayed) {
      throw new AggregateError(
        failures,
        `test clock ${input.testClockId}: ${left.size} pieces of work still due after ${RUNS_PER_MOMENT} runs at their moment (left to the sweep)${relayed ? '' : '; its last events wait for the relay'}`,
      );
    }
    return ok(true);
  }

  /**
   * Runs the advance moment by moment to its target and finishes it; undefined when another runner
   * took it over. Past its budget of pieces (commands on its objects can add work while it advances)
   * it finishes at the moment it reached instead.
   */
  private async walk(input: ClockRef, start: TestClock, mine: (c: TestClock) => boolean, run: Run): Promise<TestClock | undefined> {
    const { collect, left } = run;
    let clock = start;
    const target = clock.advancingTo ?? clock.frozenTime;
    const runs = new Map<string, number>();
    let stopAt: string | undefined;
    for (;;) {
      await run.slices.breathe();
      await this.relayAll(clock.id, run).catch(collect);
      // The next moment first (the earliest piece of each store), then the work due by then only:
      // reading every piece due before the target at every moment made an advance quadratic. Both
      // reads go past what was left, so that stuck pieces cannot hide the rest of a store's work.
      const first = (await dueJobs(this.ports, target, 1 + left.size, clock.id)).filter((j) => !left.has(j.aggregateId));
      if (first.length === 0) break;
      // biome-ignore lint/complexity/useMathMinMax: ISO times of one form compare as strings; Math.min would turn them into NaN.
      const moment = first.reduce((at, j) => (j.at < at ? j.at : at), target);
      // biome-ignore lint/complexity/useMathMinMax: ISO times, as above.
      const now = moment > clock.frozenTime ? moment : clock.frozenTime;
      const all = await dueJobs(this.ports, now, BATCH + left.size, clock.id);
      for (const j of all) if ((runs.get(j.aggregateId) ?? 0) >= RUNS_PER_MOMENT) left.add(j.aggregateId);
      const toRun = all.filter((j) => !left.has(j.aggregateId));
      run.pieces += toRun.filter((j) => j.name !== 'webhook.attempt').length;
      if (run.pieces > this.stopAtPieces) {
        stopAt = clock.frozenTime;
        break;
      }
      if (moment > clock.frozenTime) runs.clear();
      for (const j of toRun) runs.set(j.aggregateId, (runs.get(j.aggregateId) ?? 0) + 1);
      // In chunks, the lease renewed (and the clock moved to the moment) before each: a long moment keeps its runner.
      for (let i = 0; i < toRun.length; i += CHUNK) {
        if (now > clock.frozenTime || this.leaseEnding(clock)) {
          const next = await this.hold(input, (c) => (mine(c) ? withoutEvents(stepTestClock(c, now, this.realNow())) : undefined));
          if (!next) return undefined;
          clock = next;
        }
        await run.slices.run(toRun.slice(i, i + CHUNK), collect);
      }
    }
    return this.hold(input, (c) => {
      const requestId = run.context?.requestId;
      const change = finishAdvance(stopAt === undefined ? c : { ...c, advancingTo: stopAt }, requestId === undefined ? {} : { requestId });
      return mine(c) && change.next ? { next: change.next, events: change.events } : undefined;
    });
  }

  /**
   * Whether a real-time job may still be sending an attempt of one of the clock's deliveries, within
   * ATTEMPT_CLAIM_SECONDS of the advance being asked for (no runner yet). While the clock stood
   * still, such an attempt's claim runs to the clock's time plus ATTEMPT_CLAIM_SECONDS: stepping
   * there would send the attempt a second time and record it late.
   */
  private async attemptsInFlight(clock: TestClock): Promise<boolean> {
    const askedAt = advanceAskedAt(clock);
    if (clock.leaseOwner !== null || this.ports.clock.now().getTime() >= askedAt + ATTEMPT_CLAIM_SECONDS * 1000) return false;
    const claimEnd = Date.parse(clock.frozenTime) + ATTEMPT_CLAIM_SECONDS * 1000;
    const due = await this.ports.deliveries.findDue(new Date(claimEnd).toISOString(), BATCH, clock.id);
    return due.some((d) => Date.parse(deliveryLifecycle.nextWork(d)?.at ?? '') === claimEnd);
  }

  /** Relays every waiting event of the clock before it moves on, as many at a time as pieces run side by side. */
  private async relayAll(testClockId: string, run: Run): Promise<void> {
    for (;;) {
      const batch = Math.max(10, run.slices.width);
      if ((await this.relay.execute(batch, testClockId)) < batch) return;
      await run.slices.breathe();
    }
  }

  /** Re-reads the clock and saves `change` of it (compare-and-set, retried on a lost race); undefined when the change declines. */
  private async hold(input: ClockRef, change: (c: TestClock) => Saved | undefined): Promise<TestClock | undefined> {
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
