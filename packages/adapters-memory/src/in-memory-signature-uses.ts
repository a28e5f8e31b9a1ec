import { LRUCache } from 'lru-cache';
import type { SignatureUses } from '@kassa-payments/operations';

/**
 * At most this many signatures are kept (about 80 bytes each): a process signing more than this in
 * one drift window forgets the oldest first, and a forgotten one is recorded anew at its next use.
 */
export const MAX_SIGNATURE_USES = 500_000;

/** The first uses of one process's signatures (embedded mode has one process): a bounded cache, never journaled. */
export class InMemorySignatureUses implements SignatureUses {
  private readonly uses = new LRUCache<string, string>({ max: MAX_SIGNATURE_USES });

  // No expiry of its own: a signature past its window is refused for its time before it comes here,
  // so an old entry is never read for it; the bound makes room.
  async firstUse(signatureSha256: string, use: string, _expiresAt: string): Promise<string> {
    const first = this.uses.get(signatureSha256);
    if (first !== undefined) return first;
    this.uses.set(signatureSha256, use);
    return use;
  }
}
