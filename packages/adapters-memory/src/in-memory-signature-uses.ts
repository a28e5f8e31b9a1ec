import type { SignatureUses } from '@kassa-payments/operations';

/**
 * At most twice this many signatures are kept (about 150 bytes each): a process signing more than
 * this in one drift window forgets the oldest first, and a forgotten one is recorded anew at its
 * next use.
 */
export const SIGNATURE_USES_GENERATION = 250_000;

/**
 * The first uses of one process's signatures (embedded mode has one process), never journaled: two
 * generations of Maps, the older dropped whole when the newer fills. Not an LRU cache: lru-cache
 * allocates its arrays for `max` at construction, megabytes for every store an embedding app or a
 * test opens, most of which never see a version 3 or 4 signature.
 */
export class InMemorySignatureUses implements SignatureUses {
  private current = new Map<string, string>();
  private previous = new Map<string, string>();

  constructor(private readonly generation = SIGNATURE_USES_GENERATION) {}

  // No expiry of its own: a signature past its window is refused for its time before it comes here,
  // so an old entry is never read for it; the generations make room.
  async firstUse(signatureSha256: string, use: string, _expiresAt: string): Promise<string> {
    const first = this.current.get(signatureSha256) ?? this.previous.get(signatureSha256);
    if (first !== undefined) return first;
    if (this.current.size >= this.generation) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(signatureSha256, use);
    return use;
  }
}
