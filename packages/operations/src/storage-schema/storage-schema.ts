/**
 * The storage schema: one number for everything Kassa stores (MongoDB's collections, the data
 * folder's journal and snapshots, the jobs in Redis), raised by a release that changes a stored shape
 * and recorded beside the data (MongoDB: `kassa_meta`; the data folder: its `#schema` entry). A
 * release writes what the release before it reads (N-1 runs beside N during a rolling upgrade), so
 * the marker also says the oldest schema whose code still runs on the data: `readableFrom`.
 */
export const STORAGE_SCHEMA = 2;

/**
 * The oldest code schema that still runs on data this code wrote: 1, Kassa 0.1.0 (which recorded no
 * schema), since schema 2 only adds what 0.1.0 ignores (the marker, `shape` on documents and jobs).
 */
export const READABLE_FROM = 1;

/**
 * Every stored shape and its version. A document or job that names no `shape` is version 1 (what
 * 0.1.0 wrote). A shape's version rises when its fields change meaning or go; a field added that
 * older code ignores and keeps (docs/operators/upgrading.md) leaves it as it is.
 */
export const STORED_SHAPES = {
  /** contracts, invoices, subscriptions, test_clocks, webhook_deliveries, webhook_endpoints: `{ _id, version, state, outbox, shape, …index fields }`. */
  aggregateDocument: 1,
  /** A domain event: in an aggregate's outbox, in `events` (with `_id`, `occurredAt`), in the journal. */
  event: 1,
  /** A BullMQ job's data: `{ name, projectId, aggregateId, runAt, requestId?, idempotencyKey?, traceparent?, shape }`. */
  job: 1,
  /** A journal line or snapshot line: `[collection, key, value]` (value null: removed). */
  journalLine: 1,
  /** The webhook bodies (JSON v3 events, the legacy envelope): the protocol's, versioned by the API, not by storage. */
  webhookBody: 1,
} as const;

/** What the storage records of its schema. */
export interface SchemaMarker {
  /** The schema of the newest code that wrote to it. */
  readonly schema: number;
  /** The oldest code schema that may run on it. */
  readonly readableFrom: number;
  /** The Kassa version that raised it to `schema`. */
  readonly writtenBy: string;
  /** The migrations done, by name. */
  readonly migrations: readonly string[];
}

/** Data newer than the code: the start is refused, naming both. */
export class StorageSchemaError extends Error {
  override readonly name = 'StorageSchemaError';
}

/**
 * Refuses data this code cannot run on: its marker wants a newer reader than `code`. Data of a newer
 * schema that still reads as this one's (N-1 beside N) passes.
 */
export function checkReadable(where: string, marker: SchemaMarker | undefined, code: { readonly schema: number; readonly version: string }): void {
  if (marker === undefined || marker.readableFrom <= code.schema) return;
  throw new StorageSchemaError(
    `${where} holds storage schema ${marker.schema}, written by Kassa ${marker.writtenBy}, which Kassa reads from schema ${marker.readableFrom} on; this is Kassa ${code.version} (storage schema ${code.schema}). Run Kassa ${marker.writtenBy} or newer on it (docs/operators/upgrading.md)`,
  );
}

/** The marker of data that has none yet: written by 0.1.0, or new. */
export const UNMARKED: SchemaMarker = { schema: 1, readableFrom: 1, writtenBy: '0.1.0', migrations: [] };
