import type { DomainEvent } from '@kassa/domain';
import type { KeyLocks } from './key-lock.js';
import type { CurrentDocument, VersionedCollection } from './versioned-collection.js';

/**
 * Inserts a new aggregate, then claims its unique key; the aggregate named by `liveField` keeps
 * the key while that field is true. When a live holder wins, the new aggregate is removed again
 * and the holder's id is returned.
 */
export async function insertHoldingKey(
  collection: VersionedCollection,
  locks: KeyLocks,
  doc: CurrentDocument,
  events: readonly DomainEvent[],
  key: string,
  liveField: string,
): Promise<string | undefined> {
  await collection.insert(doc, events);
  if (doc[liveField] !== true) return undefined;
  const holder = await locks.claim(key, doc._id, async (id) => (await collection.load(id))?.[liveField] === true);
  if (holder !== undefined) await collection.remove(doc._id);
  return holder;
}
