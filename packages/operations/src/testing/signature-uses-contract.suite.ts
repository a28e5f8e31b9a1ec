import type { TestApi } from '@kassa-payments/domain/testing';
import type { SignatureUses } from '../ports/signature-uses.port.js';

let seq = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${++seq}`;
const UNTIL = '2099-01-01T00:00:00.000Z';

/** What every storage keeps of the first use of a request signature. */
export function describeSignatureUsesContract(name: string, fresh: () => Promise<{ readonly signatureUses: SignatureUses }>, t: TestApi): void {
  const { describe, it, expect } = t;
  describe(`signature uses: ${name}`, () => {
    it('racing first uses agree on one; a later use of the same signature is told that one; another signature starts anew', async () => {
      const { signatureUses } = await fresh();
      const signature = unique('sha');
      const uses = await Promise.all(Array.from({ length: 8 }, (_, i) => signatureUses.firstUse(signature, `getInvoice 1 #${i}`, UNTIL)));
      // Every racer is told the same first use, and it is one of theirs.
      expect(new Set(uses).size).toBe(1);
      expect(Array.from({ length: 8 }, (_, i) => `getInvoice 1 #${i}`).includes(uses[0] ?? '')).toBe(true);
      expect(await signatureUses.firstUse(signature, 'refundInvoice 1', UNTIL)).toBe(uses[0]);
      expect(await signatureUses.firstUse(unique('sha'), 'refundInvoice 1', UNTIL)).toBe('refundInvoice 1');
    });
  });
}
