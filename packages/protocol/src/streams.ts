import { z } from 'zod';
import { EVENT_TYPES } from './responses.js';

/**
 * The two Server-Sent Events streams of the JSON v3 API (`kassa listen`, `kassa logs tail`): what
 * each `data:` line holds, and what their queries and `Last-Event-ID` may be.
 */

/** An event's id, as `since` and `kassa listen --since` take it. */
export const STREAM_EVENT_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
/** A feed entry's id (`entry_id`): an event's id, or `<event id>~<redelivery id>`. */
export const STREAM_ENTRY_ID = /^[A-Za-z0-9_.:-]{1,100}(~[A-Za-z0-9_.:-]{1,100})?$/;
/**
 * A place in the project's event feed (the events stream's SSE `id:`, Last-Event-ID, and `ready`'s
 * `since`): the entry's sequence number, digits only (an event's id is never all digits: a UUID).
 */
export const FEED_POSITION = /^[0-9]{1,15}$/;
/** An API call's id (the requests stream's `id:`). */
export const REQUEST_ENTRY_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
/** `since`: an ISO time (2026-11-22T10:00:00Z, fractions allowed) or a feed entry's id. */
export const STREAM_SINCE_MAX = 201;
/** `types`: event types, comma-separated. */
export const STREAM_TYPES_MAX = 400;
/** `path`: a route prefix of the requests stream. */
export const STREAM_PATH_MAX = 200;

export const eventStreamEntrySchema = z
  .object({
    entry_id: z.string().describe("The entry's id (de-duplicate on it): the event's id, or for a redelivery `<event id>~<redelivery id>`; the SSE `id:` is the entry's place in the feed"),
    event_id: z.string().describe("The event's id: the webhook-id to send"),
    type: z.enum(EVENT_TYPES),
    recorded_at: z.string().describe('When the entry entered the feed (the event the log, a redelivery its request): the stream is in this order'),
    redelivery: z.boolean(),
    // The webhook's {type, data}: each type's shape is in this document's webhooks (as the events list's `data`).
    payload: z.object({ type: z.enum(EVENT_TYPES), data: z.record(z.string(), z.unknown()) }).describe("The body a webhook endpoint gets for the event (this document's webhooks show each type's)"),
  })
  .meta({
    id: 'EventStreamEntry',
    description:
      'The JSON of each `data:` line of GET events/stream (SSE event `event`); the stream opens with an `event: ready` whose data is {since}, the place it starts after, to send as `since` when reconnecting (Last-Event-ID, when an entry came, wins over it)',
  });
export type EventStreamEntry = z.infer<typeof eventStreamEntrySchema>;

export const requestStreamEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    method: z.string(),
    route: z.string().describe('The route template, never the path as sent'),
    status: z.number().int(),
    request_id: z.string(),
    idempotency_key: z.string().optional(),
    ms: z.number().int(),
    request: z.string().optional().describe('The request body, masked as the logs are (no card data, PIN, secret or token), cut short'),
    response: z.string().optional().describe('The response body, masked and cut short alike'),
  })
  .meta({ id: 'RequestStreamEntry', description: 'The JSON of each `data:` line of GET requests/stream (SSE event `request`): one signed call of the project, as the requests page shows it' });
export type RequestStreamEntry = z.infer<typeof requestStreamEntrySchema>;
