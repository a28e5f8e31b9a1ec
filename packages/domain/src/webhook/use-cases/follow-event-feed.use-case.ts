import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { FeedStart } from '../../ports/event-log.port.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { EventFeedTail, type FeedTailOptions } from './event-feed-tail.js';

/**
 * Where a follower of the feed starts: from now, from a time, after an event's entry, or at a
 * position of the feed (a `seq`, as `ready` gave it); and the position of the last entry it received,
 * when it reconnects (Last-Event-ID), which wins over `since`.
 */
export interface FollowFeedInput {
  readonly projectId: number;
  readonly since?: { readonly time: string } | { readonly entryId: string } | { readonly position: number };
  readonly lastPosition?: number;
}

/** A tail of the feed, and the position it starts after (the `since` to give again when reconnecting). */
export interface FollowedFeed {
  readonly tail: EventFeedTail;
  readonly position: number;
}

/**
 * GET events/stream (`kassa listen`): a tail of the project's event feed. A time or an event is
 * located once (an unknown event is a bad request: the caller would miss events); from then on
 * everything is by position, which needs no entry to be still there (a reset or the retention may
 * have removed it). A position beyond the feed's end is taken as its end.
 */
export class FollowEventFeed {
  constructor(
    private readonly ports: Pick<KassaPorts, 'events'>,
    private readonly tailOptions: FeedTailOptions = {},
  ) {}

  async execute(input: FollowFeedInput): Promise<Result<FollowedFeed, DomainError>> {
    const { events } = this.ports;
    const end = (await events.feedPosition(input.projectId, 'end')) ?? 0;
    let position: number;
    const asked = input.lastPosition ?? (input.since && 'position' in input.since ? input.since.position : undefined);
    if (asked !== undefined) position = Math.min(asked, end);
    else {
      const start: FeedStart = input.since && 'position' in input.since ? 'end' : (input.since ?? 'end');
      const found = await events.feedPosition(input.projectId, start);
      if (found === undefined) return fail('BAD_REQUEST', `since: no event ${typeof start === 'object' && 'entryId' in start ? JSON.stringify(start.entryId) : ''} in this project's event feed`);
      position = found;
    }
    return ok({ tail: new EventFeedTail(events, input.projectId, position, this.tailOptions), position });
  }
}
