import type { IdempotencyScope } from '@kassa-payments/domain';
import type { IdempotencyStore } from '../ports/idempotency-store.port.js';
import type { TestApi } from '@kassa-payments/domain/testing';

let seq = 0;
/** A partner and project of their own: a shared database holds other tests' keys. */
const scope = (): IdempotencyScope => {
  seq += 1;
  return { partner: `contract-${Date.now() % 1_000_000}`, projectId: 900_000 + seq };
};
const times = (now: string, leaseSeconds = 60, hours = 24) => ({
  now,
  leaseUntil: new Date(Date.parse(now) + leaseSeconds * 1000).toISOString(),
  expiresAt: new Date(Date.parse(now) + hours * 3_600_000).toISOString(),
});
const T0 = '2026-11-24T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

/** The idempotency keys' rules every adapter obeys: one claim of racing ones, owners, leases and expiry. */
export function describeIdempotencyContract(name: string, fresh: () => Promise<{ readonly idempotency: IdempotencyStore }>, t: TestApi): void {
  const { describe, it, expect } = t;
  describe(`idempotency keys: ${name}`, () => {
    it('of 50 racing claims of one key exactly one wins; the others see it in flight, then its answer', async () => {
      const { idempotency } = await fresh();
      const s = scope();
      const claims = await Promise.all(Array.from({ length: 50 }, (_, i) => idempotency.claim(s, 'k1', 'fp-a', `owner-${i}`, times(T0))));
      const winner = claims.findIndex((c) => c.kind === 'claimed');
      expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
      expect(claims.filter((c) => c.kind === 'taken' && c.record.fingerprint === 'fp-a' && c.record.answer === undefined)).toHaveLength(49);
      // Only the owner answers.
      await idempotency.complete(s, 'k1', `owner-${winner === 0 ? 1 : 0}`, { status: 500, body: 'not the owner' });
      await idempotency.complete(s, 'k1', `owner-${winner}`, { status: 201, body: '{"ok":1}' });
      expect(await idempotency.claim(s, 'k1', 'fp-b', 'late', times(T0))).toEqual({ kind: 'taken', record: { fingerprint: 'fp-a', answer: { status: 201, body: '{"ok":1}' } } });
      // Another partner's or project's same key is a key of its own.
      expect(await idempotency.claim({ ...s, partner: `${s.partner}-other` }, 'k1', 'fp-b', 'x', times(T0))).toEqual({ kind: 'claimed' });
      expect(await idempotency.claim(scope(), 'k1', 'fp-b', 'y', times(T0))).toEqual({ kind: 'claimed' });
    });

    it("release and renew are the owner's; a lease that ran out is claimed again, and the first owner then writes nothing; an expired key is new", async () => {
      const { idempotency } = await fresh();
      const s = scope();
      await idempotency.claim(s, 'k', 'fp', 'first', times(T0));
      await idempotency.release(s, 'k', 'someone-else');
      expect((await idempotency.claim(s, 'k', 'fp', 'second', times(at(1)))).kind).toBe('taken');
      // Renewed at 50 s for another minute: still held at 61 s.
      await idempotency.renew(s, 'k', 'first', at(110));
      expect((await idempotency.claim(s, 'k', 'fp', 'second', times(at(61)))).kind).toBe('taken');
      // Not renewed again: at 111 s the key goes to a new owner, and the first one's answer and release change nothing.
      expect(await idempotency.claim(s, 'k', 'fp', 'second', times(at(111)))).toEqual({ kind: 'claimed' });
      await idempotency.complete(s, 'k', 'first', { status: 201, body: 'stale' });
      await idempotency.release(s, 'k', 'first');
      expect(await idempotency.claim(s, 'k', 'fp', 'third', times(at(112)))).toEqual({ kind: 'taken', record: { fingerprint: 'fp' } });
      await idempotency.complete(s, 'k', 'second', { status: 422, body: '{}' });
      await idempotency.release(s, 'k', 'second');
      expect(await idempotency.claim(s, 'k', 'fp', 'third', times(at(120)))).toEqual({ kind: 'taken', record: { fingerprint: 'fp', answer: { status: 422, body: '{}' } } });
      // 24 hours on, the key is as good as new; a released claim too.
      expect(await idempotency.claim(s, 'k', 'fp4', 'fourth', times('2026-11-25T10:05:00.000Z'))).toEqual({ kind: 'claimed' });
      await idempotency.release(s, 'k', 'fourth');
      expect(await idempotency.claim(s, 'k', 'fp5', 'fifth', times('2026-11-25T10:05:01.000Z'))).toEqual({ kind: 'claimed' });
    });

    it("erasing a project removes its keys and no other project's", async () => {
      const { idempotency } = await fresh();
      const [a, b] = [scope(), scope()];
      for (const s of [a, b]) await idempotency.claim(s, 'k', 'fp', 'o', times(T0));
      expect(await idempotency.eraseProject(a.projectId)).toBe(1);
      expect(await idempotency.claim(a, 'k', 'fp', 'p', times(T0))).toEqual({ kind: 'claimed' });
      expect((await idempotency.claim(b, 'k', 'fp', 'p', times(T0))).kind).toBe('taken');
    });

    it("erasing a project keeps the one key it is told to keep (a keyed reset's own), and its answer", async () => {
      const { idempotency } = await fresh();
      const s = scope();
      for (const key of ['reset', 'other']) await idempotency.claim(s, key, 'fp', 'o', times(T0));
      expect(await idempotency.eraseProject(s.projectId, { scope: s, key: 'reset' })).toBe(1);
      await idempotency.complete(s, 'reset', 'o', { status: 200, body: '{}' });
      expect(await idempotency.claim(s, 'reset', 'fp', 'p', times(at(1)))).toEqual({ kind: 'taken', record: { fingerprint: 'fp', answer: { status: 200, body: '{}' } } });
      expect(await idempotency.claim(s, 'other', 'fp', 'p', times(at(1)))).toEqual({ kind: 'claimed' });
    });
  });
}
