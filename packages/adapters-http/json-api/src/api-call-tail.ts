import type { ApiCall, ApiCallLog } from '@kassa-payments/operations';

/**
 * How far behind its newest call the requests stream sweeps again: each API process stores its calls
 * a second's batch at a time, so a call may be stored after a later one of another process. A call
 * stored more than this after the newest one the tail has seen is not shown (the requests page has it).
 */
export const REQUESTS_LOOK_BACK_MS = 5_000;

/**
 * Follows a project's stored API calls (GET requests/stream): pages oldest first by (time, id),
 * strictly after its scan position, which it keeps across calls, so a burst of any size is read
 * through. Once a sweep reaches the end, the next starts again `lookBackMs` behind the newest call
 * seen, for the late batches; the ids seen within that window keep each call to one answer.
 */
export class ApiCallTail {
  private scan: { at: string; id: string };
  private newest: number;
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly log: Pick<ApiCallLog, 'after'>,
    private readonly projectId: number,
    private readonly floor: number,
    private readonly lookBackMs = REQUESTS_LOOK_BACK_MS,
    private readonly pageSize = 200,
    private readonly maxPages = 10,
  ) {
    this.newest = floor;
    this.scan = { at: new Date(floor).toISOString(), id: '' };
  }

  async next(): Promise<ApiCall[]> {
    const fresh: ApiCall[] = [];
    for (let page = 0; page < this.maxPages; page += 1) {
      const calls = await this.log.after(this.projectId, this.scan, this.pageSize);
      for (const call of calls) {
        this.scan = { at: call.at, id: call.id };
        const at = Date.parse(call.at);
        if (at < this.floor || this.seen.has(call.id)) continue;
        this.seen.set(call.id, at);
        this.newest = Math.max(this.newest, at);
        fresh.push(call);
      }
      if (calls.length < this.pageSize) {
        // The end: the next sweep reads the window again, for a batch another process stores late.
        const from = Math.max(this.floor, this.newest - this.lookBackMs);
        this.scan = { at: new Date(from).toISOString(), id: '' };
        for (const [id, at] of this.seen) if (at < from) this.seen.delete(id);
        break;
      }
    }
    return fresh;
  }
}
