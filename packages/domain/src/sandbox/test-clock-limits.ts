import type { Contract } from '../contract/contract.fields.js';
import { contractLifecycle } from '../contract/contract.lifecycle.js';
import type { Invoice } from '../invoice/invoice.fields.js';
import { invoiceLifecycle } from '../invoice/invoice.lifecycle.js';
import type { Lifecycle } from '../shared/lifecycle.js';
import { MAX_CHARGE_ATTEMPTS } from '../subscription/billing-operation.js';
import type { Subscription } from '../subscription/subscription.fields.js';
import { subscriptionLifecycle } from '../subscription/subscription.lifecycle.js';

/**
 * The sandbox's budget (docs/merchants/sandbox.md, "Test clocks"): a shared sandbox serves every merchant, so no one
 * call may cost minutes. Beyond a limit the request is refused up front with TEST_CLOCK_LIMIT_EXCEEDED.
 */
export const TEST_CLOCK_LIMITS = {
  /** Clocks one project holds at once. */
  clocksPerProject: 100,
  /** Contracts, invoices and subscriptions attached to one clock. */
  objectsPerClock: 1_000,
  /**
   * Pieces of work one advance may run: charges (and their retries), expiries, approval deadlines.
   * Webhook attempts come on top, at most ten an event and endpoint, paced per endpoint.
   */
  piecesPerAdvance: 10_000,
  /** Days a clock lives, in real time from its creation, before it goes with everything on it (Stripe's 30). */
  retentionDays: 30,
} as const;

const ms = Date.parse;

/**
 * How many pieces of a subscription's work fall due by `until`, at most: its approval deadline, or
 * its charges one period apart (a decline is retried a period later too) until its attempts run out.
 */
export function subscriptionWorkUntil(s: Subscription, until: string): number {
  const work = subscriptionLifecycle.nextWork(s);
  if (!work || ms(work.at) > ms(until)) return 0;
  if (work.job !== 'subscription.charge') return 1;
  const periodMs = (s.billing.periodSeconds ?? 0) * 1000;
  const attemptsLeft = Math.max(1, MAX_CHARGE_ATTEMPTS - s.chargeAttempts);
  if (periodMs <= 0) return attemptsLeft;
  return Math.min(attemptsLeft, Math.floor((ms(until) - ms(work.at)) / periodMs) + 1);
}

/** One piece: the aggregate's next work, if it falls due by `until`. */
const nextPieceUntil = <A>(lifecycle: Pick<Lifecycle<A>, 'nextWork'>, a: A, until: string): number => {
  const work = lifecycle.nextWork(a);
  return work && ms(work.at) <= ms(until) ? 1 : 0;
};

/** An invoice's next piece of work (a charge, a refund or its expiry) if it falls due by `until`. */
export const invoiceWorkUntil = (i: Invoice, until: string): number => nextPieceUntil(invoiceLifecycle, i, until);

/** A contract's expiry if it falls due by `until`. */
export const contractWorkUntil = (c: Contract, until: string): number => nextPieceUntil(contractLifecycle, c, until);

/** The message of a refused request: which limit, and its value. */
export const limitMessage = {
  clocks: () => `A project holds at most ${TEST_CLOCK_LIMITS.clocksPerProject} test clocks (clocksPerProject): delete one first`,
  objects: () => `A test clock holds at most ${TEST_CLOCK_LIMITS.objectsPerClock} contracts, invoices and subscriptions (objectsPerClock): use another clock`,
  pieces: (estimate: number) =>
    `This advance would run about ${estimate} pieces of work (charges, expiries, approval deadlines); one advance runs at most ${TEST_CLOCK_LIMITS.piecesPerAdvance} (piecesPerAdvance): advance in smaller steps`,
};
