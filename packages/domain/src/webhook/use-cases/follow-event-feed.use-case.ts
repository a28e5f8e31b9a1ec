import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { EventFeedTail, type FeedTailStart } from './event-feed-tail.js';

/** Where a follower of the feed starts: from now, from a time, or after an entry; and the last entry it received before, when it reconnects. */
export interface FollowFeedInput {
  readonly projectId: number;
  readonly since?: { readonly time: string } | { readonly entryId: string };
  readonly lastEntryId?: string;
}

/** A tail of the feed, and the `since` to give again when reconnecting (the start this stream took: now's time, when none was asked). */
export interface FollowedFeed {
  readonly tail: EventFeedTail;
  readonly since: string;
}

/**
 * GET events/stream (`kassa listen`): a tail of the project's event feed. After an entry, the feed
 * goes on from it (an unknown entry is a bad request: the caller would miss events); a reconnection's
 * last entry, when the feed still has it, moves the start to it (less the look-back window).
 */
export class FollowEventFeed {
  constructor(private readonly ports: Pick<KassaPorts, 'events' | 'clock'>) {}

  async execute(input: FollowFeedInput): Promise<Result<FollowedFeed, DomainError>> {
    const { events, clock } = this.ports;
    let start: FeedTailStart;
    let since: string;
    if (input.since === undefined || 'time' in input.since) {
      since = input.since?.time ?? clock.now().toISOString();
      start = { floor: new Date(Date.parse(since)).toISOString() };
    } else {
      const at = await events.feedPosition(input.projectId, input.since.entryId);
      if (at === undefined) return fail('BAD_REQUEST', `since: no entry ${JSON.stringify(input.since.entryId)} in this project's event feed`);
      since = input.since.entryId;
      start = { floor: at, exclusiveOf: { at, id: input.since.entryId } };
    }
    const resumeAt = input.lastEntryId === undefined ? undefined : await events.feedPosition(input.projectId, input.lastEntryId);
    return ok({ tail: new EventFeedTail(events, input.projectId, resumeAt ? { ...start, resumeAt } : start), since });
  }
}
