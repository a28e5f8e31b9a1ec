import type { IdempotencyStore } from '../ports/idempotency-store.port.js';
import type { TestApi } from './test-api.js';

let seq = 0;
const scope = () => {
  seq += 1;
  return `contract:${Date.now() % 1_000_000}:${seq}`;
};
const times = (now: string, leaseSeconds = 60, hours = 24) => ({
  now,
  leaseUntil: new Date(Date.parse(now) + leaseSeconds * 1000).toISOString(),
  expiresAt: new Date(Date.parse(now) + hours * 3_600_000).toISOString(),
});
const T0 = '2026-11-24T10:00:00.000Z';

/** The idempotency keys' rules every adapter obeys: one claim of racing ones, answers kept, leases and expiry. */
export function describeIdempotencyContract(name: string, fresh: () => Promise<{ readonly idempotency: IdempotencyStore }>, t: TestApi): void {
  const { describe, it, expect } = t;
  describe(`idempotency keys: ${name}`, () => {
    it('of 50 racing claims of one key exactly one wins; the others see it in flight, then its answer', async () => {
      const { idempotency } = await fresh();
      const s = scope();
      const claims = await Promise.all(Array.from({ length: 50 }, () => idempotency.claim(s, 'k1', 'fp-a', times(T0))));
      expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
      expect(claims.filter((c) => c.kind === 'taken' && c.record.fingerprint === 'fp-a' && c.record.answer === undefined)).toHaveLength(49);
      await idempotency.complete(s, 'k1', { status: 201, body: '{"ok":1}' });
      expect(await idempotency.claim(s, 'k1', 'fp-b', times(T0))).toEqual({ kind: 'taken', record: { fingerprint: 'fp-a', answer: { status: 201, body: '{"ok":1}' } } });
      // Another scope (partner and project) has keys of its own.
      expect(await idempotency.claim(scope(), 'k1', 'fp-b', times(T0))).toEqual({ kind: 'claimed' });
    });

    it('a released claim is free again; an answer is never released; a lease that ran out or an expired key is claimed again', async () => {
      const { idempotency } = await fresh();
      const s = scope();
      await idempotency.claim(s, 'k', 'fp', times(T0));
      await idempotency.release(s, 'k');
      expect(await idempotency.claim(s, 'k', 'fp2', times(T0))).toEqual({ kind: 'claimed' });
      // The owner died without answering: after its lease another request takes the key over.
      expect((await idempotency.claim(s, 'k', 'fp3', times('2026-11-24T10:00:30.000Z'))).kind).toBe('taken');
      expect(await idempotency.claim(s, 'k', 'fp3', times('2026-11-24T10:01:01.000Z'))).toEqual({ kind: 'claimed' });
      await idempotency.complete(s, 'k', { status: 422, body: '{}' });
      await idempotency.release(s, 'k');
      expect(await idempotency.claim(s, 'k', 'fp3', times('2026-11-24T10:02:00.000Z'))).toEqual({ kind: 'taken', record: { fingerprint: 'fp3', answer: { status: 422, body: '{}' } } });
      // 24 hours on the key is as good as new.
      expect(await idempotency.claim(s, 'k', 'fp4', times('2026-11-25T10:01:02.000Z'))).toEqual({ kind: 'claimed' });
    });
  });
}
