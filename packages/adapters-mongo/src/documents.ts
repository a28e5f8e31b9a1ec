import type { DomainEvent } from '@kassa/domain';

/**
 * A stored aggregate: its fields as they are (plain, readable), `_id` for its id, the fields the
 * indexes need (derived, recomputed on every write), and its outbox.
 */
export type StoredDocument<A extends { id: string }, Derived> = Omit<A, 'id'> &
  Derived & {
    _id: string;
    outbox: DomainEvent[];
    /** How many events wait in the outbox: indexed, since partial indexes are not available. */
    outboxCount: number;
  };

/** The aggregate back from its document: derived fields and the outbox dropped. */
export function fromDocument<A extends { id: string }>(doc: Record<string, unknown>, derived: readonly string[]): A {
  const { _id, outbox: _o, outboxCount: _c, ...rest } = doc;
  for (const key of derived) delete rest[key];
  return { id: _id, ...rest } as unknown as A;
}

/** `$set` for a save: every field but the id and the outbox. */
export function fieldsOf<A extends { id: string }>(aggregate: A, derived: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = aggregate;
  return { ...rest, ...derived };
}
