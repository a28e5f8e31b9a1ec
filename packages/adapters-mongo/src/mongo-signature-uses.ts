import type { Collection } from 'mongodb';
import type { SignatureUses } from '@kassa-payments/operations';

/** A signature's first use: its SHA-256 as the id (the signature itself is never stored). */
export interface SignatureUseDocument {
  _id: string;
  use: string;
  expireAt: Date;
}

/** Expired uses are deleted at most this often per process, for servers without TTL indexes. */
const PURGE_EVERY_MS = 60_000;

/** Shared first uses: one document per signature, inserted once (an upsert that only sets on insert), so every API process agrees. */
export class MongoSignatureUses implements SignatureUses {
  private lastPurgeMs = 0;

  constructor(private readonly uses: Collection<SignatureUseDocument>) {}

  async firstUse(signatureSha256: string, use: string, expiresAt: string): Promise<string> {
    this.purge(Date.now());
    try {
      // The projection makes the answer this update's own (mongo-java-server answers its live document otherwise; docs/decisions.md).
      const first = await this.uses.findOneAndUpdate(
        { _id: signatureSha256 },
        { $setOnInsert: { use, expireAt: new Date(expiresAt) } },
        { upsert: true, returnDocument: 'after', projection: { use: 1 } },
      );
      return first?.use ?? use;
    } catch (e) {
      // Two upserts of one id at once: the loser's insert meets the winner's, whose use is the first.
      if ((e as { code?: unknown }).code !== 11000) throw e;
      return (await this.uses.findOne({ _id: signatureSha256 }, { projection: { use: 1 } }))?.use ?? use;
    }
  }

  /** In the background: a failed purge waits for the next. */
  private purge(nowMs: number): void {
    if (nowMs - this.lastPurgeMs < PURGE_EVERY_MS) return;
    this.lastPurgeMs = nowMs;
    this.uses.deleteMany({ expireAt: { $lt: new Date(nowMs) } }).catch(() => undefined);
  }
}
