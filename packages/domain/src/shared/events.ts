/** Which aggregate recorded an event; the outbox is kept inside that aggregate's document. */
export type AggregateKind = 'contract' | 'invoice' | 'subscription';

/**
 * A domain event, recorded with the transition that caused it and saved in the same write as the
 * aggregate (outbox). `id` is stable, so delivery can be at-least-once and receivers de-duplicate.
 */
export interface DomainEvent {
  readonly id: string;
  readonly type: DomainEventType;
  readonly occurredAt: string;
  readonly projectId: number;
  readonly aggregate: { readonly kind: AggregateKind; readonly id: string };
  readonly data: Readonly<Record<string, unknown>>;
}

export type DomainEventType =
  | 'contract.authorized'
  | 'contract.closed'
  | 'payment.updated'
  | 'refund.completed'
  | 'subscription.activated'
  | 'subscription.cancelled'
  | 'subscription.charged'
  | 'subscription.closed'
  | 'subscription.approving_failed';

/** What a command needs to stamp the events it records. */
export interface EventStamp {
  readonly now: string;
  readonly newId: () => string;
}
