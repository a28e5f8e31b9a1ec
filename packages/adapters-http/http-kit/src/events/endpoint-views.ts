import { specTime, type DomainEventType, type EndpointEventTypes, type WebhookEndpoint } from '@kassa-payments/domain';
import { ALL_EVENT_TYPES } from '@kassa-payments/protocol';
import { domainEventType, EVENT_TYPE_NAMES } from './event-views.js';

/** The wire name of each domain event type (the aggregate stores the domain's names as text). */
const WIRE_NAMES: ReadonlyMap<string, string> = new Map(Object.entries(EVENT_TYPE_NAMES));

/** An endpoint's event types as the wire names them: ["*"] for all. */
export const eventTypeNames = (types: EndpointEventTypes): string[] => (types === 'all' ? [ALL_EVENT_TYPES] : types.flatMap((t) => WIRE_NAMES.get(t) ?? []));

/** The domain's event types of wire names the request schema has checked: `all` when "*" is among them. */
export function endpointEventTypes(names: readonly string[]): EndpointEventTypes {
  if (names.includes(ALL_EVENT_TYPES)) return 'all';
  const types = names.map(domainEventType).filter((t): t is DomainEventType => t !== undefined);
  return [...new Set(types)];
}

/** One webhook endpoint as the JSON API shows it: never its secret. */
export function webhookEndpointView(e: WebhookEndpoint) {
  return {
    id: e.id,
    url: e.url,
    event_types: eventTypeNames(e.eventTypes),
    description: e.description,
    status: e.state,
    failing_since: e.failingSince === null ? null : specTime(e.failingSince),
    disabled_at: e.disabledAt === null ? null : specTime(e.disabledAt),
    created_at: specTime(e.createdAt),
  };
}

/** The answer of a creation or a rotation: the endpoint with its (new) secret, the only answers that show it. */
export const webhookEndpointWithSecretView = (e: WebhookEndpoint) => ({ ...webhookEndpointView(e), secret: e.secret });
