import type { DueWork, Lifecycle } from '../shared/lifecycle.js';
import type { TestClock } from './test-clock.fields.js';
import { testClockMachine } from './test-clock.machine.js';
import { testClockRefusal, type TestClockRefusable } from './test-clock.refusals.js';

/** The test clock's one job: running its advance. */
export type TestClockJob = 'test_clock.advance';

/** How long a runner holds an advance between two steps before the sweep may take it over. */
export const ADVANCE_LEASE_SECONDS = 60;

/** When the advance under way was asked for: its first lease began then (real time). */
export const advanceAskedAt = (c: Pick<TestClock, 'leaseUntil'>): number => (c.leaseUntil === null ? 0 : Date.parse(c.leaseUntil) - ADVANCE_LEASE_SECONDS * 1000);

/** A clock holds no key and never ends by its state: it lives until deleted (by its merchant, or by its retention). */
const isLive = (): boolean => true;

/**
 * An advance runs as a job: at once when asked for (no runner holds it yet), and again once the lease
 * of the runner that holds it runs out (the runner died).
 */
function nextWork(c: TestClock): DueWork<TestClockJob> | null {
  if (c.status !== 'advancing' || c.leaseUntil === null) return null;
  return { job: 'test_clock.advance', at: c.leaseOwner === null ? new Date(advanceAskedAt(c)).toISOString() : c.leaseUntil };
}

/**
 * The test clock lifecycle (see `Lifecycle`): storage and scheduling read it here. The sweep looks at
 * an advance only once its lease ran out, whether a runner took it or not: a job asked for at once has
 * had a lease's length to begin.
 */
export const testClockLifecycle = {
  machine: testClockMachine,
  refusal: testClockRefusal,
  isLive,
  nextWork,
  dueAt: (c: TestClock): string | null => (c.status === 'advancing' ? c.leaseUntil : null),
} satisfies Lifecycle<TestClock, TestClockJob, TestClockRefusable>;
