import type { KassaPorts } from '../../ports/kassa-ports.js';
import { ok, type Result } from '../../shared/result.js';
import { addSeconds, isAtOrAfter } from '../../shared/time.js';
import type { DomainError } from '../../shared/errors.js';
import { ATTEMPT_CLAIM_SECONDS, claimAttempt, recordAttempt } from '../webhook-delivery.js';
import { clockOf, stampFor } from '../../shared/application/clock-time.js';
import { scheduleSafely } from '../../jobs/schedule-safely.js';
import { liveSecrets } from '../../shared/secrets.js';

/** How long an attempt waits, at least, when its endpoint has as many attempts in flight as it may. */
export const BUSY_RETRY_SECONDS = 3;

type AttemptPorts = Pick<KassaPorts, 'deliveries' | 'projects' | 'webhooks' | 'random' | 'scheduler' | 'clock' | 'ids' | 'requests' | 'testClocks'>;

/**
 * Job: one attempt of a pending delivery whose attempt is due, signed with the project's current
 * secret, recorded, and the next attempt scheduled. Late, early or duplicated jobs are harmless:
 * the delivery is re-loaded and asked. The attempt is claimed (saved with the version check) before
 * it is sent, so of two workers, sweeps or jobs racing on one delivery only one sends; a worker that
 * dies mid-attempt leaves a claim that runs out, and the attempt is sent again with the same
 * webhook-id. ok(true) when it attempted.
 */
export class AttemptDelivery {
  constructor(private readonly ports: AttemptPorts) {}

  async execute(input: { readonly projectId: number; readonly deliveryId: string }): Promise<Result<boolean, DomainError>> {
    const { deliveries, projects, webhooks, random, scheduler, clock } = this.ports;
    const delivery = await deliveries.get(input.projectId, input.deliveryId);
    if (!delivery) return ok(false);
    // A delivery of an event on a test clock keeps that clock's time: its schedule walks with the clock.
    const stamp = await stampFor(this.ports, delivery);
    const now = stamp.now;
    if (delivery.state !== 'pending' || delivery.nextAttemptAt === null || !isAtOrAfter(now, delivery.nextAttemptAt)) return ok(false);
    if (webhooks.busy(delivery.notification)) {
      // The endpoint is at its limit: try again in a few seconds (jittered) rather than hold a
      // worker waiting at its gate; a slow endpoint then never takes the slots the others need.
      // The new time is saved (no attempt counted) before the job is scheduled, so of racing runs
      // (a job and a sweep) only one goes on, and the sweep does not find the delivery due again.
      const runAt = addSeconds(now, BUSY_RETRY_SECONDS * (1 + random.next()));
      const deferred = claimAttempt(delivery, runAt, stamp);
      if (deferred.next && (await deliveries.save(deferred.next)).ok) {
        await scheduleSafely(scheduler, { name: 'webhook.attempt', projectId: delivery.projectId, aggregateId: delivery.id, runAt, ...clockOf(delivery) });
      }
      return ok(false);
    }
    const claim = claimAttempt(delivery, addSeconds(now, ATTEMPT_CLAIM_SECONDS), stamp);
    if (!claim.next || !(await deliveries.save(claim.next)).ok) return ok(false);
    const claimed = claim.next;
    const project = await projects.findProject(claimed.projectId);
    // Subscription notifications are signed with the subscription service's secret, the rest with the webhook secret.
    const subscription = claimed.notification.channel === 'subscription';
    const [secret = null, retiringSecret] = subscription
      ? liveSecrets(project?.subscriptionSecret ?? null, project?.previousSubscriptionSecret, clock.now())
      : liveSecrets(project?.webhookSecret ?? null, project?.previousWebhookSecret, clock.now());
    const signing = { webhookId: claimed.eventId, deliveryId: claimed.id, secret, ...(retiringSecret === undefined ? {} : { retiringSecret }) };
    const sent = await webhooks.send(claimed.notification, signing);
    const { outcome } = sent;
    const attempt = claimed.testClockId ? { ...sent.attempt, at: now } : sent.attempt;
    const change = recordAttempt(claimed, attempt, outcome, random.next(), stamp);
    if (!change.next || !(await deliveries.save(change.next)).ok) return ok(true);
    const next = change.next;
    if (next.state === 'pending' && next.nextAttemptAt !== null) {
      await scheduleSafely(scheduler, { name: 'webhook.attempt', projectId: next.projectId, aggregateId: next.id, runAt: next.nextAttemptAt, ...clockOf(next) });
    }
    return ok(true);
  }
}
