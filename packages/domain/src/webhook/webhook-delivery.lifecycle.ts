import { dueWhenWorkIs, type DueWork, type Lifecycle } from '../shared/lifecycle.js';
import { statesTagged } from '../shared/machine-step.js';
import type { WebhookDelivery } from './webhook-delivery.fields.js';
import { webhookDeliveryMachine } from './webhook-delivery.machine.js';

/** The delivery's one job: its next attempt. */
export type DeliveryJob = 'webhook.attempt';

const LIVE = statesTagged(webhookDeliveryMachine, 'live');

/** Pending (the machine's `live` state): attempts are still made. */
const isLive = (d: Pick<WebhookDelivery, 'state'>): boolean => LIVE.has(d.state);

/** A pending delivery's next attempt, at its time (a claimed one's, when its claim runs out). */
const nextWork = (d: WebhookDelivery): DueWork<DeliveryJob> | null => (isLive(d) && d.nextAttemptAt !== null ? { job: 'webhook.attempt', at: d.nextAttemptAt } : null);

/** The webhook delivery lifecycle (see `Lifecycle`): storage and scheduling read it here. */
export const deliveryLifecycle = {
  machine: webhookDeliveryMachine,
  /** A delivery's commands answer what happened: none of their refusals is an error. */
  refusal: () => 'unchanged' as const,
  isLive,
  nextWork,
  dueAt: dueWhenWorkIs(nextWork),
} satisfies Lifecycle<WebhookDelivery, DeliveryJob>;
