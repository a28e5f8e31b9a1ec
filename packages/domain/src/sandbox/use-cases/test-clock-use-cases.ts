import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { ListCursor } from '../../ports/list-page.port.js';
import { type Page, pageOf, pageSize } from '../../shared/page.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { saveAndSchedule } from '../../application/save-and-schedule.js';
import { heldChangeRefused, openTestClock, startAdvance, testClockLifecycle, type TestClock } from '../test-clock.js';
import { limitMessage, TEST_CLOCK_LIMITS } from '../../shared/test-clock-limits.js';
import { contractWorkUntil, invoiceWorkUntil, subscriptionWorkUntil } from '../test-clock-budget.js';

type ClockPorts = Pick<KassaPorts, 'testClocks' | 'clock' | 'ids' | 'sandbox' | 'scheduler' | 'retention' | 'contracts' | 'invoices' | 'subscriptions'>;

const notInProduction = (what: string) => fail('NOT_FOUND', `No route ${what}`);
const missing = (id: string) => fail('TEST_CLOCK_NOT_FOUND', `No test clock ${id} in this project`);

/**
 * The sandbox's test clocks (the test environment only; in production the routes do not exist):
 * create, read, list, advance and delete. The advance itself runs as a job (`RunTestClockAdvance`).
 */
export class TestClocks {
  constructor(private readonly ports: ClockPorts) {}

  async create(input: { readonly projectId: number; readonly frozenTime: string; readonly name: string | null }): Promise<Result<TestClock, DomainError>> {
    if (!this.ports.sandbox) return notInProduction('POST test_clocks');
    // Racing creations may pass this count together: a budget, not a key.
    if ((await this.ports.testClocks.list(input.projectId, TEST_CLOCK_LIMITS.clocksPerProject)).length >= TEST_CLOCK_LIMITS.clocksPerProject) {
      return fail('TEST_CLOCK_LIMIT_EXCEEDED', limitMessage.clocks(), { limit: 'clocksPerProject', value: TEST_CLOCK_LIMITS.clocksPerProject });
    }
    const clock = openTestClock({
      id: this.ports.ids.newId(),
      projectId: input.projectId,
      name: input.name,
      frozenTime: new Date(input.frozenTime).toISOString(),
      now: this.ports.clock.now().toISOString(),
    });
    await this.ports.testClocks.create(clock);
    return ok(clock);
  }

  async get(input: { readonly projectId: number; readonly testClockId: string }): Promise<Result<TestClock, DomainError>> {
    if (!this.ports.sandbox) return notInProduction('GET test_clocks/{id}');
    const clock = await this.ports.testClocks.get(input.projectId, input.testClockId);
    return clock ? ok(clock) : missing(input.testClockId);
  }

  /** The project's clocks, newest first, a page at a time (`after`: the `next` of the page before). */
  async list(input: { readonly projectId: number; readonly limit?: number; readonly after?: ListCursor }): Promise<Result<Page<TestClock>, DomainError>> {
    if (!this.ports.sandbox) return notInProduction('GET test_clocks');
    const limit = pageSize(input.limit);
    const clocks = await this.ports.testClocks.list(input.projectId, limit + 1, input.after);
    return ok(pageOf(clocks, limit, (c) => ({ createdAt: c.createdAt, id: c.id })));
  }

  /** Starts an advance to `frozenTime` and asks for the job that runs it; answers the clock, `advancing`. */
  async advance(input: { readonly projectId: number; readonly testClockId: string; readonly frozenTime: string }, context?: RequestContext): Promise<Result<TestClock, DomainError>> {
    if (!this.ports.sandbox) return notInProduction('POST test_clocks/{id}/advance');
    const { testClocks, clock: realClock, scheduler } = this.ports;
    for (;;) {
      const clock = await testClocks.get(input.projectId, input.testClockId);
      if (!clock) return missing(input.testClockId);
      const realNow = realClock.now().toISOString();
      const target = new Date(input.frozenTime).toISOString();
      const change = startAdvance(clock, target, realNow);
      if (!change.next) return change.outcome;
      const pieces = await this.workUntil(clock, target);
      if (pieces > TEST_CLOCK_LIMITS.piecesPerAdvance) {
        return fail('TEST_CLOCK_LIMIT_EXCEEDED', limitMessage.pieces(pieces), { limit: 'piecesPerAdvance', value: TEST_CLOCK_LIMITS.piecesPerAdvance, estimate: pieces });
      }
      const limit = TEST_CLOCK_LIMITS.eventsPerProject;
      const [kept, inFlight] = await Promise.all([this.ports.retention.eventsOnTestClocks(input.projectId, limit + 1), this.advancingBesides(clock)]);
      if (kept + inFlight + pieces > limit) {
        return fail('TEST_CLOCK_LIMIT_EXCEEDED', limitMessage.events(kept + inFlight, pieces), { limit: 'eventsPerProject', value: limit, kept, inFlight, estimate: pieces });
      }
      // Saved, it asks for the job that runs the advance (its lifecycle's next work, at once).
      if (!(await saveAndSchedule(scheduler, testClockLifecycle, clock, change.next, testClocks.save(change.next, change.events), context)).ok) continue;
      return change.outcome;
    }
  }

  /**
   * What the project's other advances still under way will add: their events are written by their
   * jobs, after this check, so each counts for the work it still has due by its target (estimated
   * as this one is). Without it, 100 clocks advanced at once each passed a count that none of them
   * had added to yet. Two asked in the same instant may still both pass: a budget, not a key.
   */
  private async advancingBesides(clock: TestClock): Promise<number> {
    const clocks = await this.ports.testClocks.list(clock.projectId, TEST_CLOCK_LIMITS.clocksPerProject + 1);
    const others = clocks.filter((c) => c.status === 'advancing' && c.advancingTo !== null && c.id !== clock.id);
    const pending = await Promise.all(others.map((c) => this.workUntil(c, c.advancingTo ?? c.frozenTime)));
    return pending.reduce((sum, n) => sum + n, 0);
  }

  /**
   * At most how many pieces of work an advance of `clock` to `target` runs: what its objects have
   * due by then. Objects cannot join a clock while it advances (TEST_CLOCK_ADVANCING), so this bounds it.
   */
  private async workUntil(clock: TestClock, target: string): Promise<number> {
    const read = TEST_CLOCK_LIMITS.objectsPerClock + 1;
    const [contracts, invoices, subscriptions] = await Promise.all([
      this.ports.contracts.findDue(target, read, clock.id),
      this.ports.invoices.findDue(target, read, clock.id),
      this.ports.subscriptions.findDue(target, read, clock.id),
    ]);
    return (
      contracts.reduce((n, c) => n + contractWorkUntil(c, target), 0) +
      invoices.reduce((n, i) => n + invoiceWorkUntil(i, target), 0) +
      subscriptions.reduce((n, s) => n + subscriptionWorkUntil(s, target), 0)
    );
  }

  /**
   * Deletes the clock and everything attached to it (its contracts, invoices, subscriptions and
   * their deliveries), as a merchant's test run would want; refused while it is advancing.
   */
  async delete(input: { readonly projectId: number; readonly testClockId: string }): Promise<Result<TestClock, DomainError>> {
    if (!this.ports.sandbox) return notInProduction('DELETE test_clocks/{id}');
    const clock = await this.ports.testClocks.get(input.projectId, input.testClockId);
    if (!clock) return missing(input.testClockId);
    const refused = heldChangeRefused(clock);
    if (refused) return refused;
    await this.ports.retention.eraseTestClock(input.projectId, clock.id);
    await this.ports.testClocks.remove(input.projectId, clock.id);
    return ok(clock);
  }
}
