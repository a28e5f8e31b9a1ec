import type { Collection, Filter } from 'mongodb';
import type { AuditEntry, AuditLog } from '@kassa-payments/operations';
import { storage } from './mongo-errors.js';

export type AuditDocument = Omit<AuditEntry, 'id'> & { _id: string };

/** The operators' changes, one document each, never removed by the retention. */
export class MongoAuditLog implements AuditLog {
  constructor(private readonly entries: Collection<AuditDocument>) {}

  async record(entry: AuditEntry): Promise<void> {
    const { id, ...rest } = entry;
    await storage(() => this.entries.insertOne({ _id: id, ...rest }));
  }

  async list(limit: number, before?: { readonly at: string; readonly id: string }): Promise<AuditEntry[]> {
    const query: Filter<AuditDocument> = before ? { $or: [{ at: { $lt: before.at } }, { at: before.at, _id: { $lt: before.id } }] } : {};
    const docs = await storage(() => this.entries.find(query).sort({ at: -1, _id: -1 }).limit(limit).toArray());
    return docs.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
  }
}
