import { ok, openDelivery, recordAttempt, RecoverDeadDeliveries, type WebhookDelivery } from '@kassa-payments/domain';
import { describe, expect, it } from 'vitest';
import { InMemoryWebhookDeliveryRepository } from '../src/index.js';

/** `n` dead deliveries of project 5, one a second from 10:00, each killed by a 410. */
async function deadDeliveries(n: number) {
  const deliveries = new InMemoryWebhookDeliveryRepository();
  for (let i = 0; i < n; i++) {
    const at = new Date(Date.parse('2026-11-24T10:00:00.000Z') + i * 1000).toISOString();
    const d = openDelivery({
      eventId: `ev-${i}`,
      eventType: 'PaymentUpdated',
      projectId: 5,
      notification: { channel: 'webhook', url: 'http://127.0.0.1:9/h', contentType: 'application/json', body: '{}' },
      now: at,
    });
    await deliveries.create(d);
    const attempt = { at, status: 410, latencyMs: 1, response: '', error: null };
    await deliveries.save(recordAttempt(d, attempt, { kind: 'gone' }, 0, { now: at, newId: () => `x-${i}` }).next as WebhookDelivery);
  }
  return deliveries;
}

describe('RecoverDeadDeliveries', () => {
  it('pages past deliveries that die again at once: each is redelivered once, the older pages are reached, and a bound says more remain', async () => {
    const deliveries = await deadDeliveries(450);
    const asked: string[] = [];
    // A redelivery whose endpoint answers 410 again at once: the delivery stays dead.
    const stillDead = async (input: { readonly deliveryId: string }) => {
      asked.push(input.deliveryId);
      return ok((await deliveries.get(5, input.deliveryId)) as WebhookDelivery);
    };
    const recover = new RecoverDeadDeliveries({ deliveries }, { execute: stillDead });
    const all = await recover.execute({ projectId: 5 });
    expect([all.recovered.length, new Set(asked).size, asked.length, all.more]).toEqual([450, 450, 450, false]);
    asked.length = 0;
    const bounded = await recover.execute({ projectId: 5 }, 300);
    expect([bounded.recovered.length, bounded.more]).toEqual([300, true]);
    const range = await recover.execute({ projectId: 5, createdFrom: '2026-11-24T10:01:00.000Z', createdUntil: '2026-11-24T10:02:00.000Z' });
    expect(range.recovered).toHaveLength(60);
  });
});
