import type { EventRelay } from './due-work.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import { deliveryLifecycle, openDelivery, type Notification } from '../webhook/webhook-delivery.js';
import { scheduleDueWork } from '../application/save-and-schedule.js';
import { eachSettled } from '../shared/each-settled.js';
import { clockOf } from '../application/event-stamp.js';
import type { DomainEvent } from '../events/domain-event.js';
import type { NotificationRenderer } from '../ports/notification.port.js';
import { endpointChannel, takesEventType, type WebhookEndpointRoute } from '../webhook-endpoint/webhook-endpoint.js';

/**
 * The relay's fan-out of one event to the project's webhook endpoints: one notification for each
 * endpoint that takes the event's type, in the endpoints' body (the JSON v3 webhook), on the
 * endpoint's own channel (so each is a delivery of its own, created once however often the relay runs).
 * A disabled endpoint gets its delivery too: its attempt ends it dead at once, unsent ("endpoint
 * disabled"), so that enabling the endpoint and a redelivery (or the bulk recovery) bring back the
 * events of the time it was disabled. A deleted endpoint is not among them.
 */
export function endpointNotifications(
  event: DomainEvent,
  endpoints: readonly WebhookEndpointRoute[],
  renderer: Pick<NotificationRenderer, 'endpointPayload'>,
): { readonly notification: Notification; readonly endpointId: string }[] {
  const takers = endpoints.filter((e) => takesEventType(e, event.type));
  if (takers.length === 0) return [];
  const payload = renderer.endpointPayload(event);
  if (!payload) return [];
  return takers.map((e) => ({ notification: { channel: endpointChannel(e.id), url: e.url, ...payload }, endpointId: e.id }));
}

/** Aggregates whose events one relay run moves at once. */
const RELAY_CONCURRENCY = 10;

type RelayPorts = Pick<KassaPorts, 'outbox' | 'events' | 'projects' | 'notifications' | 'deliveries' | 'endpoints' | 'scheduler' | 'clock'>;

/**
 * Moves events from the outboxes into the event log and into deliveries: one per (event, endpoint),
 * the project's own (webhookUrl, test callback, subscription notifications) and each of its webhook
 * endpoints that takes the event's type (a disabled one's ends dead at its first attempt), created idempotently
 * (deterministic ids), then the event is acknowledged. A crash between two steps is harmless: the
 * event stays pending and the next run creates nothing twice. An event that fails stays pending
 * without holding back the ones behind it (failures are thrown together at the end). Returns how
 * many events it took.
 */
export class RelayEvents implements EventRelay {
  constructor(private readonly ports: RelayPorts) {}

  /** With `testClockId`, only the events of aggregates on that clock (its advance relays them at each step). */
  async execute(limit = 100, testClockId?: string): Promise<number> {
    const { outbox, events: log, projects, notifications, deliveries, scheduler, clock } = this.ports;
    const events = await outbox.pending(limit, testClockId);
    const relayOne = async (event: DomainEvent) => {
      // Real time as it enters the log: the feed `kassa listen` tails is in this order, never the event's own time (a test clock's).
      await log.record(event, clock.now().toISOString());
      const project = await projects.findProject(event.projectId);
      const rendered: { readonly notification: Notification; readonly endpointId?: string }[] = project
        ? [...(await notifications.render(event, project)).map((notification) => ({ notification })), ...endpointNotifications(event, await this.ports.endpoints.all(event.projectId), notifications)]
        : [];
      // An event on a test clock is delivered from its own time, the clock's: its retries walk with the clock.
      const onClock = clockOf(event);
      const now = onClock.testClockId ? event.occurredAt : clock.now().toISOString();
      for (const { notification, endpointId } of rendered) {
        const delivery = openDelivery({ eventId: event.id, eventType: event.type, projectId: event.projectId, notification, now, ...onClock, ...(endpointId ? { endpointId } : {}) });
        if ((await deliveries.create(delivery)) === 'created') await scheduleDueWork(scheduler, deliveryLifecycle, delivery, undefined, event.traceparent);
      }
      await outbox.acknowledge(event);
    };
    // Aggregates side by side, each one's events in turn: an aggregate's events reach the log and
    // its deliveries in the order they were recorded.
    const byAggregate = new Map<string, DomainEvent[]>();
    for (const e of events) byAggregate.set(e.aggregate.id, [...(byAggregate.get(e.aggregate.id) ?? []), e]);
    const failures: unknown[] = [];
    const relayInTurn = async (own: DomainEvent[]) => {
      for (const event of own) await relayOne(event).catch((e: unknown) => failures.push(e));
    };
    await eachSettled([...byAggregate.values()], relayInTurn, 'relayed aggregates', RELAY_CONCURRENCY);
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} of ${events.length} relayed events failed`);
    return events.length;
  }
}
