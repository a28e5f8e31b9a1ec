import { MongoServerError } from 'mongodb';

/**
 * The value of a live-record key: `<what>` while the record is live, else `~<its own id>`. The
 * unique index `{ projectId, liveKey }` then holds at most one live record per key and never
 * collides on ended ones, without a sparse or partial index (a compound sparse index indexes every
 * document holding any of its fields; mongo-java-server ignores partialFilterExpression), and the
 * key is released by the same update that ends the record's life (docs/decisions.md).
 */
export const liveKey = (live: boolean, key: string, id: string): string => (live ? key : `~${id}`);

export const CONTRACT_LIVE_KEY_INDEX = 'live_contract_unique';
export const ACTIVE_INVOICE_INDEX = 'active_invoice_unique';
export const MERCHANT_ORDER_INDEX = 'merchant_order_id_unique';
export const COMPARE_AND_SET_INDEX = 'compare_and_set';
export const ENDPOINT_SLOT_INDEX = 'webhook_endpoint_slot_unique';
export const FEED_ORDER_INDEX = 'feed_order';

/** The field each of Kassa's unique indexes stands for, by index name. */
const INDEX_FIELDS: Readonly<Record<string, string>> = {
  _id_: '_id',
  [CONTRACT_LIVE_KEY_INDEX]: 'liveKey',
  [ACTIVE_INVOICE_INDEX]: 'liveKey',
  [MERCHANT_ORDER_INDEX]: 'merchantOrderId',
  [COMPARE_AND_SET_INDEX]: 'version',
  [ENDPOINT_SLOT_INDEX]: 'slot',
  [FEED_ORDER_INDEX]: 'seq',
};

/**
 * Which unique key an E11000 is about: `liveKey`, `merchantOrderId`, `_id`, `version`, `slot` or `seq`. By the index
 * the message names (`... index: <name> dup key: ...`, as MongoDB and mongo-java-server word it; the
 * key's values that follow are the merchant's and are never parsed), else by `keyPattern`.
 */
export function duplicateField(e: unknown): string | undefined {
  if (!(e instanceof MongoServerError) || e.code !== 11000) return undefined;
  const index = /index: (\S+) dup key/.exec(e.message)?.[1];
  if (index !== undefined && INDEX_FIELDS[index] !== undefined) return INDEX_FIELDS[index];
  const pattern = Object.keys((e['keyPattern'] as Record<string, unknown> | undefined) ?? {});
  return ['liveKey', 'merchantOrderId', 'version', 'slot', 'seq', '_id'].find((f) => pattern.includes(f));
}

/** How often a creation retries when the key's holder ended between the refused insert and the lookup. */
export const CREATE_ATTEMPTS = 5;
