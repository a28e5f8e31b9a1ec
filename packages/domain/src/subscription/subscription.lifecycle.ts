import { dueWhenWorkIs, type DueWork, type Lifecycle } from '../shared/lifecycle.js';
import { statesTagged } from '../shared/machine-step.js';
import type { Subscription } from './subscription.fields.js';
import { subscriptionMachine } from './subscription.machine.js';
import { subscriptionRefusal, type SubscriptionRefusable } from './subscription.refusals.js';

/** The subscription's jobs: the end of its approval window, and its scheduled charges. */
export type SubscriptionJob = 'subscription.expire-approval' | 'subscription.charge';

const LIVE = statesTagged(subscriptionMachine, 'live');

/** Pending or active (the machine's `live` states): the subscription has not ended. */
const isLive = (s: Pick<Subscription, 'state'>): boolean => LIVE.has(s.state);

/** A pending subscription's approval window closes at its deadline; an active one is charged at its next charge's time. */
function nextWork(s: Subscription): DueWork<SubscriptionJob> | null {
  if (s.state === 'pending') return { job: 'subscription.expire-approval', at: s.approvalDeadline };
  if (s.state === 'active' && s.nextChargeAt !== null) return { job: 'subscription.charge', at: s.nextChargeAt };
  return null;
}

/** The subscription lifecycle (see `Lifecycle`): storage and scheduling read it here. */
export const subscriptionLifecycle = {
  machine: subscriptionMachine,
  refusal: subscriptionRefusal,
  isLive,
  nextWork,
  dueAt: dueWhenWorkIs(nextWork),
} satisfies Lifecycle<Subscription, SubscriptionJob, SubscriptionRefusable>;
