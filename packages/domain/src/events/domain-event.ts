import type { ContractEvent } from '../contract/contract.events.js';
import type { InvoiceEvent } from '../invoice/invoice.events.js';
import type { SubscriptionEvent } from '../subscription/subscription.events.js';
import type { TestClockEvent } from '../sandbox/test-clock.events.js';
import type { WebhookEndpointEvent } from '../webhook-endpoint/webhook-endpoint.events.js';

/** Every event the domain records: facts with domain names and types, never a wire payload. */
export type DomainEvent = ContractEvent | InvoiceEvent | SubscriptionEvent | TestClockEvent | WebhookEndpointEvent;

export type DomainEventType = DomainEvent['type'];
