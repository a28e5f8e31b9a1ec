import { CreateWebhookEndpoint } from '../webhook-endpoint/use-cases/create-webhook-endpoint.use-case.js';
import { noteEndpointDelivery, openWebhookEndpoint, rotateWebhookEndpointSecret, WEBHOOK_ENDPOINT_LIMITS, type WebhookEndpoint } from '../webhook-endpoint/webhook-endpoint.js';
import type { EventOutbox } from '../ports/event-outbox.port.js';
import type { StorageRetention } from '../ports/storage-retention.port.js';
import type { WebhookEndpointRepository } from '../ports/webhook-endpoint-repository.port.js';
import type { TestApi } from './test-api.js';

const T0 = '2026-03-03T10:00:00.000Z';
let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};
const uid = () => `00000000-0000-4000-a000-${next().toString(16).padStart(12, '0')}`;
/** A project of its own for each test: runs against one database never meet. */
const project = () => 900_000 + next();

/** A new endpoint of `projectId` in `slot`, created at `now`. */
export const sampleEndpoint = (projectId: number, slot: number, now = T0): WebhookEndpoint =>
  openWebhookEndpoint({ id: uid(), projectId, slot, url: `https://hooks${slot}.example/k`, eventTypes: ['PaymentUpdated'], description: null, secret: `whsec_secret-${next()}`, now });

/** The webhook endpoint storage rules every adapter obeys, written once (run from describeRepositoryContract). */
export function describeWebhookEndpointContract(
  name: string,
  fresh: () => Promise<{ readonly endpoints: WebhookEndpointRepository; readonly outbox: EventOutbox; readonly retention: StorageRetention }>,
  t: TestApi,
): void {
  const { describe, it, expect } = t;
  describe(`webhook endpoints: ${name}`, () => {
    it('round trip, secrets as they were (a rotation keeps the one it replaced); another project sees nothing', async () => {
      const { endpoints } = await fresh();
      const p = project();
      const e = sampleEndpoint(p, 0);
      expect((await endpoints.create(e)).ok).toBe(true);
      expect(await endpoints.get(p, e.id)).toEqual(e);
      expect(await endpoints.get(p + 1, e.id)).toBeUndefined();
      const rotated = rotateWebhookEndpointSecret(e, 'whsec_new-one', 24, { now: T0, newId: uid }).next as WebhookEndpoint;
      expect((await endpoints.save(rotated, [])).ok).toBe(true);
      expect(await endpoints.get(p, e.id)).toEqual(rotated);
      expect((await endpoints.get(p, e.id))?.previousSecret).toEqual({ value: e.secret, validUntil: '2026-03-04T10:00:00.000Z' });
    });

    it('save is compare-and-set; of concurrent saves of one version exactly one wins; a disabling event rides in the same write (the outbox)', async () => {
      const { endpoints, outbox } = await fresh();
      const p = project();
      const e = sampleEndpoint(p, 0);
      await endpoints.create(e);
      const failing = noteEndpointDelivery(e, { succeeded: false, from: T0, at: T0 }, 1, { now: T0, newId: uid }).next as WebhookEndpoint;
      const results = await Promise.all(Array.from({ length: 5 }, () => endpoints.save(failing, [])));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const later = '2026-03-03T11:00:00.000Z';
      const disabling = noteEndpointDelivery(failing, { succeeded: false, from: later, at: later }, 1, { now: later, newId: uid });
      expect(disabling.next?.state).toBe('disabled');
      expect((await endpoints.save(disabling.next as WebhookEndpoint, disabling.events)).ok).toBe(true);
      const pending = (await outbox.pending(1000)).filter((ev) => ev.aggregate.id === e.id);
      expect(pending.map((ev) => [ev.type, ev.aggregate.kind])).toEqual([['WebhookEndpointDisabled', 'webhook_endpoint']]);
      await outbox.acknowledge(pending[0] as (typeof pending)[number]);
      expect((await outbox.pending(1000)).filter((ev) => ev.aggregate.id === e.id)).toEqual([]);
    });

    it("a slot is unique within a project (another project's same slot is free); removing an endpoint frees its slot", async () => {
      const { endpoints } = await fresh();
      const p = project();
      const first = sampleEndpoint(p, 3);
      await endpoints.create(first);
      expect(await endpoints.create(sampleEndpoint(p, 3))).toEqual({ ok: false, error: { kind: 'duplicate', key: 'slot', holderId: first.id } });
      expect((await endpoints.create(sampleEndpoint(p + 1, 3))).ok).toBe(true);
      expect(await endpoints.remove(p, first.id)).toBe(true);
      expect(await endpoints.remove(p, first.id)).toBe(false);
      expect(await endpoints.get(p, first.id)).toBeUndefined();
      expect((await endpoints.create(sampleEndpoint(p, 3))).ok).toBe(true);
    });

    it(`of ${WEBHOOK_ENDPOINT_LIMITS.perProject + 8} concurrent creations in one project, exactly ${WEBHOOK_ENDPOINT_LIMITS.perProject} succeed, each in a slot of its own`, async () => {
      const { endpoints } = await fresh();
      const p = project();
      const create = new CreateWebhookEndpoint({
        endpoints,
        webhookTargets: { admit: async () => ({ kind: 'ok' }) },
        signingSecrets: { newSecret: () => `whsec_race-${next()}` },
        ids: { newId: uid },
        clock: { now: () => new Date(T0) },
      });
      const results = await Promise.all(
        Array.from({ length: WEBHOOK_ENDPOINT_LIMITS.perProject + 8 }, (_, i) => create.execute({ projectId: p, url: `https://r${i}.example/k`, eventTypes: 'all', description: null })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(WEBHOOK_ENDPOINT_LIMITS.perProject);
      expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.error.code))).toEqual(Array(8).fill('WEBHOOK_ENDPOINT_LIMIT_EXCEEDED'));
      const all = await endpoints.all(p);
      expect(all).toHaveLength(WEBHOOK_ENDPOINT_LIMITS.perProject);
      expect(new Set(all.map((e) => e.slot)).size).toBe(WEBHOOK_ENDPOINT_LIMITS.perProject);
    });

    it('list: newest first (then by id), a page after a cursor; all: every one of the project', async () => {
      const { endpoints } = await fresh();
      const p = project();
      const a = sampleEndpoint(p, 0, '2026-03-03T09:00:00.000Z');
      const b = sampleEndpoint(p, 1, '2026-03-03T09:01:00.000Z');
      const c = sampleEndpoint(p, 2, '2026-03-03T09:02:00.000Z');
      for (const e of [b, a, c]) await endpoints.create(e);
      await endpoints.create(sampleEndpoint(p + 1, 0));
      expect((await endpoints.list(p, 10)).map((e) => e.id)).toEqual([c.id, b.id, a.id]);
      expect((await endpoints.list(p, 1, { createdAt: c.createdAt, id: c.id })).map((e) => e.id)).toEqual([b.id]);
      expect(await endpoints.list(p, 10, { createdAt: a.createdAt, id: a.id })).toEqual([]);
      expect((await endpoints.all(p)).map((e) => e.id).sort()).toEqual([a.id, b.id, c.id].sort());
      // `all` carries no secret: the fan-out and the slots sign nothing.
      expect((await endpoints.all(p)).filter((e) => 'secret' in e || 'previousSecret' in e)).toEqual([]);
    });

    it('rewriteAll writes every endpoint again as it was, one version more (the reseal); a save of the version before then conflicts', async () => {
      const { endpoints } = await fresh();
      const p = project();
      const e = sampleEndpoint(p, 0);
      const rotated = rotateWebhookEndpointSecret(e, 'whsec_rewritten', 24, { now: T0, newId: uid }).next as WebhookEndpoint;
      await endpoints.create(e);
      await endpoints.save(rotated, []);
      const other = sampleEndpoint(p + 1, 0);
      await endpoints.create(other);
      const counts = await endpoints.rewriteAll();
      // Other tests' endpoints share the storage: at least these two.
      expect(counts.found >= 2).toBe(true);
      expect(counts.rewritten).toBe(counts.found);
      expect(await endpoints.get(p, e.id)).toEqual({ ...rotated, version: rotated.version + 1 });
      expect(await endpoints.get(p + 1, other.id)).toEqual({ ...other, version: other.version + 1 });
      expect((await endpoints.save({ ...rotated, version: rotated.version + 1, description: 'late' }, [])).ok).toBe(false);
    });

    it("the test environment's reset removes the project's endpoints, no other project's", async () => {
      const { endpoints, retention } = await fresh();
      const p = project();
      for (const slot of [0, 1]) await endpoints.create(sampleEndpoint(p, slot));
      const kept = sampleEndpoint(p + 1, 0);
      await endpoints.create(kept);
      expect((await retention.eraseProject(p)).webhookEndpoints).toBe(2);
      expect(await endpoints.all(p)).toEqual([]);
      expect(await endpoints.get(p + 1, kept.id)).toEqual(kept);
    });
  });
}
