import type { ContractEvent } from '../contract/contract.js';
import type { InvoiceEvent } from '../invoice/invoice.js';
import type { SubscriptionEvent } from '../subscription/subscription.js';
import type { TestClockEvent } from '../sandbox/test-clock.js';
import type { WebhookEndpointEvent } from '../webhook-endpoint/webhook-endpoint.js';

/** Every event the domain records: facts with domain names and types, never a wire payload. */
export type DomainEvent = ContractEvent | InvoiceEvent | SubscriptionEvent | TestClockEvent | WebhookEndpointEvent;

export type DomainEventType = DomainEvent['type'];
