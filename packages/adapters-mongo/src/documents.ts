import type { CurrentDocument } from './versioned-collection.js';

/** The current document of an aggregate: its fields as they are, `_id` for its id, plus derived index fields. */
export function toDocument<A extends { id: string; version: number }>(aggregate: A, derived: Record<string, unknown>): CurrentDocument {
  const { id, ...rest } = aggregate;
  return { _id: id, ...rest, ...derived } as CurrentDocument;
}

/** The aggregate back from its document: derived fields dropped. */
export function fromDocument<A>(doc: CurrentDocument, derived: readonly string[]): A {
  const { _id, ...rest } = doc;
  for (const key of derived) delete (rest as Record<string, unknown>)[key];
  return { id: _id, ...rest } as unknown as A;
}
