import type { EventFeedEntry, EventLog } from '../../ports/event-log.port.js';

/** How many redeliveries of one event the feed keeps (the newest): plenty for a developer's retries. */
export const REDELIVERIES_KEPT = 20;

/**
 * How far behind its newest entry a tail reads again: an entry another process wrote a moment
 * earlier but stored a moment later (its write's latency, the processes' clocks apart) is still seen.
 */
export const FEED_LOOK_BACK_MS = 5_000;

/** The feed entry id of a redelivery: the event's id, `~`, the redelivery's own id. */
export const redeliveryEntryId = (eventId: string, redeliveryId: string): string => `${eventId}~${redeliveryId}`;

/** Where a tail starts: entries at or after `floor` (after the entry `exclusiveOf`, when given), read from `resumeAt` on when given. */
export interface FeedTailStart {
  readonly floor: string;
  readonly exclusiveOf?: { readonly at: string; readonly id: string };
  /** A reconnection's last entry's time: the tail reads from there (less the look-back), not from the floor. */
  readonly resumeAt?: string;
}

/** Pages read per `next` at most when they are full of entries seen before (a burst inside the look-back). */
const MAX_PAGES = 10;

/**
 * Follows a project's event feed: each `next` answers the entries not answered before, oldest
 * first. It reads from its newest entry's time less the look-back window, so an entry written late
 * inside the window is still answered, and it remembers the ids it answered within the window, so
 * none is answered twice. Storage is the only source: several API processes may write the feed.
 */
export class EventFeedTail {
  private newest: number;
  private readonly floor: number;
  /** The entries answered within the look-back window: id -> time (ms). */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly log: Pick<EventLog, 'feed'>,
    private readonly projectId: number,
    private readonly start: FeedTailStart,
    private readonly lookBackMs: number = FEED_LOOK_BACK_MS,
    private readonly pageSize = 200,
  ) {
    this.floor = Date.parse(start.floor);
    this.newest = Math.max(this.floor, start.resumeAt ? Date.parse(start.resumeAt) : this.floor);
  }

  async next(): Promise<EventFeedEntry[]> {
    const fresh: EventFeedEntry[] = [];
    let since = Math.max(this.floor, this.newest - this.lookBackMs);
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const entries = await this.log.feed(this.projectId, new Date(since).toISOString(), this.pageSize);
      for (const entry of entries) if (this.accepts(entry)) fresh.push(this.note(entry));
      const last = entries.at(-1);
      // A full page may hide more behind it; a page of one instant only is read no further (it would come back the same).
      if (entries.length < this.pageSize || !last || Date.parse(last.at) <= since) break;
      since = Date.parse(last.at);
    }
    this.forgetOutsideWindow();
    return fresh;
  }

  private accepts(entry: EventFeedEntry): boolean {
    if (this.seen.has(entry.id) || Date.parse(entry.at) < this.floor) return false;
    const after = this.start.exclusiveOf;
    return !after || entry.at > after.at || (entry.at === after.at && entry.id > after.id);
  }

  private note(entry: EventFeedEntry): EventFeedEntry {
    const at = Date.parse(entry.at);
    this.seen.set(entry.id, at);
    if (at > this.newest) this.newest = at;
    return entry;
  }

  private forgetOutsideWindow(): void {
    const oldest = this.newest - this.lookBackMs;
    for (const [id, at] of this.seen) if (at < oldest) this.seen.delete(id);
  }
}
