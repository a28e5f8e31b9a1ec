import { MongoServerError } from 'mongodb';

/**
 * The value of a live-record key: `<what>` while the record is live, else `~<its own id>`. The
 * unique index `{ projectId, liveKey }` then holds at most one live record per key and never
 * collides on ended ones, without a sparse or partial index (a compound sparse index indexes every
 * document holding any of its fields; mongo-java-server ignores partialFilterExpression), and the
 * key is released by the same update that ends the record's life (docs/decisions.md).
 */
export const liveKey = (live: boolean, key: string, id: string): string => (live ? key : `~${id}`);

/**
 * Which unique key an E11000 is about: `liveKey`, `merchantOrderId`, `_id`, or another field; from
 * the error's `keyPattern` where the server sends one (MongoDB), else from its message
 * (`... index: <name> dup key: { projectId: 1, liveKey: "..." }`, as mongo-java-server words it).
 */
export function duplicateField(e: unknown): string | undefined {
  if (!(e instanceof MongoServerError) || e.code !== 11000) return undefined;
  const pattern = e['keyPattern'] as Record<string, unknown> | undefined;
  const fields = pattern ? Object.keys(pattern) : (/dup key: \{(.*)\}/.exec(e.message)?.[1] ?? '').split(',').map((part) => part.split(':')[0]?.trim() ?? '');
  return ['liveKey', 'merchantOrderId', 'version'].find((f) => fields.includes(f)) ?? (fields.includes('_id') ? '_id' : fields.at(-1));
}

/** How often a creation retries when the key's holder ended between the refused insert and the lookup. */
export const CREATE_ATTEMPTS = 5;
