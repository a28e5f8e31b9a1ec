import type { WebhookDeliveryRepository } from '../ports/webhook-delivery-repository.port.js';
import { openDelivery, recordAttempt, redeliver, type WebhookDelivery } from '../webhook/webhook-delivery.js';
import type { TestApi } from './test-api.js';

const T0 = '2026-03-02T10:00:00.000Z';
let seq = 0;
/** A fresh suffix for ids, so that runs against one database never meet. */
const next = () => {
  seq += 1;
  return seq;
};
const stamp = (now = T0) => ({ now, newId: () => `d-${next()}` });

/** A new delivery of event `eventId` on `channel`, due at `now`. */
export const sampleDelivery = (projectId: number, eventId: string, channel = 'webhook', now = T0): WebhookDelivery =>
  openDelivery({
    eventId,
    eventType: 'PaymentUpdated',
    projectId,
    notification: { channel, url: 'http://127.0.0.1:9/hooks', contentType: 'application/json', body: '{"type":"payment.updated"}' },
    now,
  });

const attempt = (at: string, status: number) => ({ at, status, latencyMs: 3, response: 'ok', error: null });

/** The delivery storage rules every adapter obeys, written once (run from describeRepositoryContract). */
export function describeDeliveryContract(name: string, fresh: () => Promise<{ readonly deliveries: WebhookDeliveryRepository }>, t: TestApi): void {
  const { describe, it, expect } = t;
  describe(`webhook deliveries: ${name}`, () => {
    it('creation is idempotent on the id; another project sees nothing', async () => {
      const { deliveries } = await fresh();
      const d = sampleDelivery(21, `ev-${next()}`);
      expect(await deliveries.create(d)).toBe('created');
      expect(await deliveries.create(d)).toBe('exists');
      expect(await deliveries.get(21, d.id)).toEqual(d);
      expect(await deliveries.get(22, d.id)).toBeUndefined();
    });

    it('save is compare-and-set; of concurrent saves of one version exactly one wins; attempts round-trip', async () => {
      const { deliveries } = await fresh();
      const d = sampleDelivery(21, `ev-${next()}`);
      await deliveries.create(d);
      const failed = recordAttempt(d, attempt(T0, 503), { kind: 'failure' }, 0, stamp()).next as WebhookDelivery;
      const results = await Promise.all([deliveries.save(failed), deliveries.save(failed), deliveries.save(failed)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await deliveries.get(21, d.id)).toEqual(failed);
      expect((await deliveries.save(failed)).ok).toBe(false);
    });

    it('due: pending deliveries whose attempt time has come, oldest first; succeeded ones never', async () => {
      const { deliveries } = await fresh();
      const early = sampleDelivery(23, `ev-${next()}`, 'webhook', '2026-03-02T09:00:00.000Z');
      const later = sampleDelivery(23, `ev-${next()}`, 'webhook', '2026-03-02T09:30:00.000Z');
      const future = sampleDelivery(23, `ev-${next()}`, 'webhook', '2026-03-02T11:00:00.000Z');
      const done = sampleDelivery(23, `ev-${next()}`, 'webhook', '2026-03-02T08:00:00.000Z');
      for (const d of [later, early, future, done]) await deliveries.create(d);
      await deliveries.save(recordAttempt(done, attempt(T0, 200), { kind: 'success' }, 0, stamp()).next as WebhookDelivery);
      const due = (await deliveries.findDue(T0, 100)).filter((d) => d.projectId === 23).map((d) => d.id);
      expect(due).toEqual([early.id, later.id]);
    });

    it('list: newest first, by state and by event', async () => {
      const { deliveries } = await fresh();
      const event = `ev-${next()}`;
      const a = sampleDelivery(24, event, 'webhook', '2026-03-02T09:00:00.000Z');
      const b = sampleDelivery(24, event, 'test-callback', '2026-03-02T09:01:00.000Z');
      const c = sampleDelivery(24, `ev-${next()}`, 'webhook', '2026-03-02T09:02:00.000Z');
      for (const d of [a, b, c]) await deliveries.create(d);
      await deliveries.save(recordAttempt(b, attempt(T0, 410), { kind: 'gone' }, 0, stamp()).next as WebhookDelivery);
      expect((await deliveries.list(24, {}, 10)).map((d) => d.id)).toEqual([c.id, b.id, a.id]);
      expect((await deliveries.list(24, { state: 'dead' }, 10)).map((d) => d.id)).toEqual([b.id]);
      expect((await deliveries.list(24, { eventId: event, state: 'pending' }, 10)).map((d) => d.id)).toEqual([a.id]);
      expect(await deliveries.list(25, {}, 10)).toEqual([]);
      // A page after a cursor: the older ones only, with or without the event's filter.
      const place = (d: WebhookDelivery) => ({ createdAt: d.createdAt, id: d.id });
      expect((await deliveries.list(24, { after: place(c) }, 10)).map((d) => d.id)).toEqual([b.id, a.id]);
      expect((await deliveries.list(24, { after: place(b) }, 1)).map((d) => d.id)).toEqual([a.id]);
      expect((await deliveries.list(24, { eventId: event, after: place(b) }, 10)).map((d) => d.id)).toEqual([a.id]);
      expect(await deliveries.list(24, { after: place(a) }, 10)).toEqual([]);
    });

    it('list by endpoint: only the deliveries to that webhook endpoint, newest first, with the state filter and a cursor', async () => {
      const { deliveries } = await fresh();
      const toEndpoint = (eventId: string, endpointId: string, at: string) => ({ ...sampleDelivery(26, eventId, `endpoint-${endpointId}`, at), endpointId });
      const ep = `ep-${next()}`;
      const a = toEndpoint(`ev-${next()}`, ep, '2026-03-02T09:00:00.000Z');
      const b = toEndpoint(`ev-${next()}`, ep, '2026-03-02T09:01:00.000Z');
      const elsewhere = toEndpoint(`ev-${next()}`, `ep-${next()}`, '2026-03-02T09:02:00.000Z');
      const project = sampleDelivery(26, a.eventId, 'webhook', '2026-03-02T09:03:00.000Z');
      for (const d of [a, b, elsewhere, project]) await deliveries.create(d);
      expect((await deliveries.get(26, a.id))?.endpointId).toBe(ep);
      expect((await deliveries.list(26, { endpointId: ep }, 10)).map((d) => d.id)).toEqual([b.id, a.id]);
      expect((await deliveries.list(26, { endpointId: ep, after: { createdAt: b.createdAt, id: b.id } }, 10)).map((d) => d.id)).toEqual([a.id]);
      await deliveries.save(recordAttempt(a, attempt(T0, 410), { kind: 'gone' }, 0, stamp()).next as WebhookDelivery);
      expect((await deliveries.list(26, { endpointId: ep, state: 'dead' }, 10)).map((d) => d.id)).toEqual([a.id]);
      expect((await deliveries.list(26, { endpointId: ep, eventId: a.eventId }, 10)).map((d) => d.id)).toEqual([a.id]);
      expect(await deliveries.list(27, { endpointId: ep }, 10)).toEqual([]);
    });

    it('search: dead deliveries across projects, by project and creation range, newest first; count by state', async () => {
      const { deliveries } = await fresh();
      const deadBefore = await deliveries.count('dead');
      const pendingBefore = await deliveries.count('pending');
      // Projects of their own: other tests' deliveries (in a shared database) never fall in them.
      const p1 = 700_000 + next();
      const p2 = 700_000 + next();
      const opened = (projectId: number, at: string) => sampleDelivery(projectId, `ev-${next()}`, 'webhook', at);
      const a = opened(p1, '2026-03-01T09:00:00.000Z');
      const b = opened(p2, '2026-03-01T10:00:00.000Z');
      const c = opened(p1, '2026-03-01T11:00:00.000Z');
      const pending = opened(p1, '2026-03-01T10:30:00.000Z');
      for (const d of [a, b, c, pending]) await deliveries.create(d);
      // A 410 ends a delivery at once: dead.
      for (const d of [a, b, c]) await deliveries.save(recordAttempt(d, attempt(d.createdAt, 410), { kind: 'gone' }, 0, stamp(d.createdAt)).next as WebhookDelivery);
      const ids = async (filter: Parameters<WebhookDeliveryRepository['search']>[0]) =>
        (await deliveries.search(filter, 100)).map((d) => d.id).filter((id) => [a.id, b.id, c.id, pending.id].includes(id));
      expect(await ids({ state: 'dead' })).toEqual([c.id, b.id, a.id]);
      expect(await ids({ state: 'dead', projectId: p1 })).toEqual([c.id, a.id]);
      expect(await ids({ state: 'dead', createdFrom: '2026-03-01T10:00:00.000Z', createdUntil: '2026-03-01T11:00:00.000Z' })).toEqual([b.id]);
      expect(await ids({ state: 'pending', projectId: p1 })).toEqual([pending.id]);
      // A page's cursor: only what comes after it, newest first.
      expect(await ids({ state: 'dead', after: { createdAt: c.createdAt, id: c.id } })).toEqual([b.id, a.id]);
      expect(await deliveries.count('dead')).toBe(deadBefore + 3);
      expect(await deliveries.count('pending')).toBe(pendingBefore + 1);
    });

    it('count follows every change of state: dead, redelivered (pending again), succeeded; a save that lost its compare-and-set changes nothing', async () => {
      const { deliveries } = await fresh();
      const counts = async () => ({ pending: await deliveries.count('pending'), dead: await deliveries.count('dead'), succeeded: await deliveries.count('succeeded') });
      const before = await counts();
      const d = sampleDelivery(24, `ev-${next()}`);
      await deliveries.create(d);
      await deliveries.create(d);
      expect(await counts()).toEqual({ ...before, pending: before.pending + 1 });
      const dead = recordAttempt(d, attempt(T0, 410), { kind: 'gone' }, 0, stamp()).next as WebhookDelivery;
      expect((await deliveries.save(dead)).ok).toBe(true);
      expect((await deliveries.save(recordAttempt(d, attempt(T0, 200), { kind: 'success' }, 0, stamp()).next as WebhookDelivery)).ok).toBe(false);
      expect(await counts()).toEqual({ ...before, dead: before.dead + 1 });
      const again = redeliver(dead, stamp()).next as WebhookDelivery;
      expect((await deliveries.save(again)).ok).toBe(true);
      expect(await counts()).toEqual({ ...before, pending: before.pending + 1 });
      expect((await deliveries.save(recordAttempt(again, attempt(T0, 200), { kind: 'success' }, 0, stamp()).next as WebhookDelivery)).ok).toBe(true);
      expect(await counts()).toEqual({ ...before, succeeded: before.succeeded + 1 });
    });
  });
}
