import { contractLifecycle, type Contract } from '../contract/contract.js';
import { invoiceLifecycle, type Invoice } from '../invoice/invoice.js';
import type { Lifecycle } from '../shared/lifecycle.js';
import { MAX_CHARGE_ATTEMPTS } from '../subscription/billing-operation.js';
import { subscriptionLifecycle, type Subscription } from '../subscription/subscription.js';

// How much work an advance would run, counted before it is let in against TEST_CLOCK_LIMITS.piecesPerAdvance
// (shared/test-clock-limits.ts).

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
