import { MongoServerError } from 'mongodb';

/**
 * The value of a live-record key: `<what>` while the record is live, else `~<its own id>`. The
 * unique index `{ projectId, liveKey }` then holds at most one live record per key and never
 * collides on ended ones, without a sparse or partial index (a compound sparse index indexes every
 * document holding any of its fields; mongo-java-server ignores partialFilterExpression), and the
 * key is released by the same update that ends the record's life (docs/decisions.md).
 */
export const liveKey = (live: boolean, key: string, id: string): string => (live ? key : `~${id}`);

/** The name of the unique index an E11000 names (`... index: <name> dup key: ...`), if any. */
export function duplicateIndex(e: unknown): string | undefined {
  if (!(e instanceof MongoServerError) || e.code !== 11000) return undefined;
  return /index: (\S+) dup key/.exec(e.message)?.[1];
}
