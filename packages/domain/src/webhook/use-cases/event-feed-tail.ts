import type { EventFeedEntry, EventLog } from '../../ports/event-log.port.js';

/**
 * How long a tail waits for a place of the feed that was taken but is not stored yet (the writer is
 * between its counter's $inc and its insert, or retrying that insert through a failover) before it
 * moves past it: beyond the MongoDB driver's retry of a write through an election (its server
 * selection, 30 s by default). A place whose writer crashed is passed after this wait; an entry
 * stored later still is missed by the tails that passed it (docs/decisions.md).
 */
export const FEED_HOLE_WAIT_MS = 30_000;

/** The feed entry id of a redelivery: the event's id, `~`, the redelivery's own id. */
export const redeliveryEntryId = (eventId: string, redeliveryId: string): string => `${eventId}~${redeliveryId}`;

/** How a tail reads: its page size, pages per `next` at most, how long it waits for a gap, and its own clock for that wait (ms, only ever compared with itself). */
export interface FeedTailOptions {
  readonly pageSize?: number;
  readonly maxPages?: number;
  readonly holeWaitMs?: number;
  readonly now?: () => number;
}

/**
 * Follows a project's event feed by its sequence: each `next` answers the entries after its
 * position, in order, and keeps the position (the SSE id a client resumes from). A gap (a place
 * taken, its entry not visible yet) holds the tail at it for up to `holeWaitMs`, measured by this
 * process's clock alone; then the tail moves past it. A gap before a reset's mark is passed at once:
 * the reset removed those places (a tail that starts at 0 after a reset would otherwise wait out
 * the whole hole wait before the first new event). Storage is the only source: several API
 * processes and workers may write the feed.
 */
export class EventFeedTail {
  private at: number;
  /** The gap the tail waits at: its place, and since when (this process's clock). */
  private gap: { readonly seq: number; readonly since: number } | undefined;
  private readonly pageSize: number;
  private readonly maxPages: number;
  private readonly holeWaitMs: number;
  private readonly now: () => number;

  constructor(
    private readonly log: Pick<EventLog, 'feed'>,
    private readonly projectId: number,
    position: number,
    options: FeedTailOptions = {},
  ) {
    this.at = position;
    this.pageSize = options.pageSize ?? 200;
    this.maxPages = options.maxPages ?? 10;
    this.holeWaitMs = options.holeWaitMs ?? FEED_HOLE_WAIT_MS;
    this.now = options.now ?? (() => Date.now());
  }

  /** The `seq` of the last entry answered (or passed): everything up to it is behind the tail. */
  get position(): number {
    return this.at;
  }

  /** The entries after the position, oldest first (those whose event left the log are passed, not answered). */
  async next(): Promise<EventFeedEntry[]> {
    const fresh: EventFeedEntry[] = [];
    for (let page = 0; page < this.maxPages; page += 1) {
      const entries = await this.log.feed(this.projectId, this.at, this.pageSize);
      let held = false;
      for (const entry of entries) {
        if (entry.seq <= this.at) continue;
        // A reset's mark says the gap before it is the reset's, not a writer's still at work.
        if (entry.seq !== this.at + 1 && entry.floor !== true && !this.waitedFor(this.at + 1)) {
          held = true;
          break;
        }
        this.at = entry.seq;
        this.gap = undefined;
        if (entry.event) fresh.push(entry);
      }
      if (held || entries.length < this.pageSize) break;
    }
    return fresh;
  }

  /** Whether the gap at `seq` has been waited for long enough (the wait starts when it is first seen). */
  private waitedFor(seq: number): boolean {
    const now = this.now();
    if (this.gap?.seq !== seq) this.gap = { seq, since: now };
    return now - this.gap.since >= this.holeWaitMs;
  }
}
