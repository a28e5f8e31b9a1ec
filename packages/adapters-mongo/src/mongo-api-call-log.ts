import type { Collection } from 'mongodb';
import { API_CALLS_DAYS, API_CALLS_KEPT, type ApiCall, type ApiCallLog } from '@kassa-payments/operations';
import { storage } from './mongo-errors.js';
import { insertions } from './round-trips.js';

export type ApiCallDocument = Omit<ApiCall, 'id'> & { _id: string };

/** Trim a project's calls after this many records of this process. */
const TRIM_EVERY = 25;

/**
 * A project's recent API calls, one document each. Bounded: every TRIM_EVERY records a project's
 * calls past the newest API_CALLS_KEPT, and any older than API_CALLS_DAYS, are deleted.
 */
export class MongoApiCallLog implements ApiCallLog {
  private recorded = 0;
  /** The calls of the same moment in one `insertMany` (every API call records one: a round trip each would cost the API). */
  private readonly inserts;

  constructor(private readonly calls: Collection<ApiCallDocument>) {
    this.inserts = insertions<ApiCallDocument>(calls);
  }

  async record(call: ApiCall): Promise<void> {
    const { id, ...rest } = call;
    await this.inserts.load({ _id: id, ...rest });
    this.recorded += 1;
    if (this.recorded % TRIM_EVERY === 0) await this.trim(call.projectId, call.at);
  }

  async list(projectId: number, since: string, limit: number): Promise<ApiCall[]> {
    const docs = await storage(() =>
      this.calls
        .find({ projectId, at: { $gte: since } })
        .sort({ at: -1, _id: -1 })
        .limit(limit)
        .toArray(),
    );
    return docs.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
  }

  async after(projectId: number, after: { readonly at: string; readonly id: string }, limit: number): Promise<ApiCall[]> {
    const docs = await storage(() =>
      this.calls
        .find({ projectId, $or: [{ at: { $gt: after.at } }, { at: after.at, _id: { $gt: after.id } }] })
        .sort({ at: 1, _id: 1 })
        .limit(limit)
        .toArray(),
    );
    return docs.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
  }

  private async trim(projectId: number, now: string): Promise<void> {
    const oldest = new Date(Date.parse(now) - API_CALLS_DAYS * 86_400_000).toISOString();
    await storage(() => this.calls.deleteMany({ at: { $lt: oldest } }));
    const [last] = await storage(() =>
      this.calls
        .find({ projectId }, { projection: { at: 1 } })
        .sort({ at: -1, _id: -1 })
        .skip(API_CALLS_KEPT - 1)
        .limit(1)
        .toArray(),
    );
    if (last) await storage(() => this.calls.deleteMany({ projectId, at: { $lt: last.at } }));
  }
}
