import type { KassaPorts } from '../ports/kassa-ports.js';
import { ok, type Result } from '../shared/result.js';
import { isAtOrAfter } from '../shared/time.js';
import type { DomainError } from '../shared/errors.js';
import { recordAttempt } from '../webhook/webhook-delivery.js';
import { stampOf } from './event-stamp.js';
import { scheduleSafely } from './schedule-safely.js';

type AttemptPorts = Pick<KassaPorts, 'deliveries' | 'projects' | 'webhooks' | 'random' | 'scheduler' | 'clock' | 'ids'>;

/**
 * Job: one attempt of a pending delivery whose attempt is due, signed with the project's current
 * secret, recorded, and the next attempt scheduled. Late, early or duplicated jobs are harmless:
 * the delivery is re-loaded and asked. Two workers racing on one delivery may both send (the
 * receiver de-duplicates on webhook-id); only one records its attempt. ok(true) when it attempted.
 */
export class AttemptDelivery {
  constructor(private readonly ports: AttemptPorts) {}

  async execute(input: { readonly projectId: number; readonly deliveryId: string }): Promise<Result<boolean, DomainError>> {
    const { deliveries, projects, webhooks, random, scheduler, clock, ids } = this.ports;
    const delivery = await deliveries.get(input.projectId, input.deliveryId);
    const now = clock.now().toISOString();
    if (delivery?.state !== 'pending' || delivery.nextAttemptAt === null || !isAtOrAfter(now, delivery.nextAttemptAt)) return ok(false);
    const project = await projects.findProject(delivery.projectId);
    const { attempt, outcome } = await webhooks.send(delivery.notification, { webhookId: delivery.eventId, secret: project?.webhookSecret ?? null });
    const change = recordAttempt(delivery, attempt, outcome, random.next(), stampOf(clock, ids));
    if (!change.next || !(await deliveries.save(change.next)).ok) return ok(true);
    const next = change.next;
    if (next.state === 'pending' && next.nextAttemptAt !== null) {
      await scheduleSafely(scheduler, { name: 'webhook.attempt', projectId: next.projectId, aggregateId: next.id, runAt: next.nextAttemptAt });
    }
    return ok(true);
  }
}
