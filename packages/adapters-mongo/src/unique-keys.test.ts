import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { duplicateField, liveKey } from './unique-keys.js';

describe('unique keys', () => {
  it('names the key of an E11000 from keyPattern (MongoDB) or from the message (mongo-java-server)', () => {
    const fromPattern = new MongoServerError({ message: 'E11000 duplicate key error collection: k.invoices', code: 11000, keyPattern: { projectId: 1, liveKey: 1 } });
    const fromMessage = new MongoServerError({
      message: 'E11000 duplicate key error collection: k.invoices index: merchant_order_id_unique dup key: { projectId: 1, merchantOrderId: "o-1" }',
      code: 11000,
    });
    const onId = new MongoServerError({ message: 'E11000 duplicate key error collection: k.invoices index: _id_ dup key: { _id: "x" }', code: 11000 });
    expect([duplicateField(fromPattern), duplicateField(fromMessage), duplicateField(onId)]).toEqual(['liveKey', 'merchantOrderId', '_id']);
    // The key's values are the merchant's: an order id that looks like another key changes nothing.
    const tricky = new MongoServerError({
      message: 'E11000 duplicate key error collection: k.invoices index: merchant_order_id_unique dup key: { projectId: 1, merchantOrderId: "x, liveKey: y" }',
      code: 11000,
    });
    expect(duplicateField(tricky)).toBe('merchantOrderId');
    const feedPlace = new MongoServerError({ message: 'E11000 duplicate key error collection: k.event_feed index: feed_order dup key: { projectId: 7, seq: 3 }', code: 11000 });
    const feedPattern = new MongoServerError({ message: 'E11000 duplicate key error collection: k.event_feed', code: 11000, keyPattern: { projectId: 1, seq: 1 } });
    expect([duplicateField(feedPlace), duplicateField(feedPattern)]).toEqual(['seq', 'seq']);
    expect(duplicateField(new MongoServerError({ message: 'other', code: 2 }))).toBeUndefined();
    expect(duplicateField(new Error('E11000'))).toBeUndefined();
  });

  it('a live record holds its key; an ended one holds only its own id, which no key can equal', () => {
    expect(liveKey(true, 'msisdn:79001234567', 'i-1')).toBe('msisdn:79001234567');
    expect(liveKey(false, 'msisdn:79001234567', 'i-1')).toBe('~i-1');
  });
});
