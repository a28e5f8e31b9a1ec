import type { ListCursor } from './list-page.port.js';
import type { TestClock } from '../sandbox/test-clock.js';
import type { DomainEvent } from '../events/domain-event.js';
import type { SaveResult } from './save-result.js';

/** Stores test clocks (the test environment's); the `test_clock.ready` event rides in the clock's own write (its outbox). */
export interface TestClockRepository {
  get(projectId: number, testClockId: string): Promise<TestClock | undefined>;
  /** The project's clocks, newest first, at most `limit`; only those after `after` (older, or as old with a smaller id) when given. */
  list(projectId: number, limit: number, after?: ListCursor): Promise<TestClock[]>;
  create(clock: TestClock): Promise<void>;
  /** Compare-and-set on the version, like every aggregate. */
  save(clock: TestClock, events: readonly DomainEvent[]): Promise<SaveResult>;
  /** Removes the clock; answers whether it was there. */
  remove(projectId: number, testClockId: string): Promise<boolean>;
  /** Every project's clocks in id order, after `afterId` (from the start without it), at most `limit`: the sweep's turn. */
  page(afterId: string | undefined, limit: number): Promise<TestClock[]>;
  /** How many contracts, invoices and subscriptions live on the clock; the count may stop at `limit`. */
  attachedTo(projectId: number, testClockId: string, limit: number): Promise<number>;
  /** Clocks whose `testClockLifecycle.dueAt` is at or before `now` (an advance whose runner is gone), oldest first. */
  findDue(now: string, limit: number): Promise<TestClock[]>;
}
