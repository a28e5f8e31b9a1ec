import { Router, type IRouter, type Request } from 'express';
import { domainError, type DomainEvent, type DomainEventType } from '@kassa/domain';
import type { ApiCall } from '@kassa/operations';
import { domainEventType, EVENT_TYPE_NAMES, webhookPayload } from '@kassa/http-kit';
import { REQUEST_ENTRY_ID, STREAM_ENTRY_ID, STREAM_PATH_MAX, STREAM_SINCE_MAX, STREAM_TYPES_MAX, type EventStreamEntry, type RequestStreamEntry } from '@kassa/protocol';
import { API_PREFIX } from './prefix.js';
import { answeredWithError, route } from './route.js';
import { serveStream } from './sse.js';
import type { ApiDeps } from './api-deps.js';

const bad = (message: string) => domainError('BAD_REQUEST', message);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** How far behind its newest call the requests stream reads again: the recorder stores a second's calls at once, other processes' too. */
const REQUESTS_LOOK_BACK_MS = 5_000;

/** A query parameter given once as text (a repeated one is an array: refused), or undefined. */
function single(req: Request, name: string, max: number): { value?: string } | { error: string } {
  const v = req.query[name];
  if (v === undefined) return {};
  if (typeof v !== 'string') return { error: `${name}: give it once, as text` };
  if (v.length === 0 || v.length > max) return { error: `${name}: 1 to ${max} characters` };
  return { value: v };
}

/** Every event webhookPayload renders: the JSON events. */
type JsonEvent = Parameters<typeof webhookPayload>[0];
/** The events a webhook endpoint gets as JSON (the subscription service's go as XML notifications, not forwarded). */
const isJsonEvent = (e: DomainEvent): e is JsonEvent => e.aggregate.kind !== 'subscription';
const JSON_TYPES = (Object.keys(EVENT_TYPE_NAMES) as DomainEventType[]).filter((t) => !t.startsWith('Subscription'));

/** `types=a,b`: wire names of JSON events; undefined for all. */
function readTypes(text: string | undefined): { types?: ReadonlySet<DomainEventType> } | { error: string } {
  if (text === undefined) return {};
  const types = new Set<DomainEventType>();
  for (const name of text.split(',')) {
    const t = domainEventType(name.trim());
    if (!t || !JSON_TYPES.includes(t)) return { error: `types: ${JSON.stringify(name.slice(0, 40))} is not one of ${JSON_TYPES.map((x) => EVENT_TYPE_NAMES[x]).join(', ')}` };
    types.add(t);
  }
  return { types };
}

/** `since`: an ISO time or a feed entry's id. */
function readSince(text: string | undefined): { since?: { time: string } | { entryId: string } } | { error: string } {
  if (text === undefined) return {};
  if (ISO_TIME.test(text)) {
    // Date.parse takes February 31 as March 3: a time is real only if it reads back the same.
    const ms = Date.parse(text);
    return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19) !== text.slice(0, 19) ? { error: 'since: not a real time' } : { since: { time: text } };
  }
  if (STREAM_ENTRY_ID.test(text)) return { since: { entryId: text } };
  return { error: 'since: an ISO time (2026-11-22T10:00:00Z) or an event id' };
}

/** Last-Event-ID: a feed entry's id, sent once. */
function readLastEventId(req: Request): { id?: string } | { error: string } {
  const raw = req.headers['last-event-id'];
  if (raw === undefined) return {};
  // Node joins a repeated header with ", ", which no id contains.
  if (typeof raw !== 'string' || !STREAM_ENTRY_ID.test(raw)) return { error: 'Last-Event-ID: the id of an entry of this stream, sent once' };
  return { id: raw };
}

/** `status`: 4xx, 5xx or a code. */
function statusFilter(text: string | undefined): ((status: number) => boolean) | { error: string } {
  if (text === undefined) return () => true;
  const klass = /^([1-5])xx$/.exec(text);
  if (klass) return (s) => Math.floor(s / 100) === Number(klass[1]);
  if (/^[1-5][0-9]{2}$/.test(text)) return (s) => s === Number(text);
  return { error: 'status: 4xx, 5xx or a status code (404)' };
}

const ROUTE_PREFIX = '/api/v3/projects/:projectId';
/** `path`: a prefix of the route template, with or without /api/v3/projects/:projectId. */
const pathFilter =
  (prefix: string | undefined) =>
  (route: string): boolean =>
    prefix === undefined || route.startsWith(prefix) || (route.startsWith(ROUTE_PREFIX) && route.slice(ROUTE_PREFIX.length).startsWith(prefix));

const requestEntry = (c: ApiCall): RequestStreamEntry => ({
  id: c.id,
  at: c.at,
  method: c.method,
  route: c.route,
  status: c.status,
  request_id: c.requestId,
  ...(c.idempotencyKey === undefined ? {} : { idempotency_key: c.idempotencyKey }),
  ms: c.ms,
  ...(c.request === undefined ? {} : { request: c.request }),
  ...(c.response === undefined ? {} : { response: c.response }),
});

/**
 * GET events/stream and GET requests/stream: Server-Sent Events of the project (signed like the
 * rest, v4 over the query). Each polls storage, never an in-process bus, so any API process serves
 * them whichever process wrote what they show.
 */
export function streamRoutes(deps: ApiDeps, router: IRouter = Router()): IRouter {
  router.get(
    `${API_PREFIX}/events/stream`,
    route(deps, 'streamEvents', async (req, res, { project }) => {
      const types = single(req, 'types', STREAM_TYPES_MAX);
      const sinceText = single(req, 'since', STREAM_SINCE_MAX);
      const last = readLastEventId(req);
      if ('error' in types) return void answeredWithError(res, deps, bad(types.error));
      if ('error' in sinceText) return void answeredWithError(res, deps, bad(sinceText.error));
      if ('error' in last) return void answeredWithError(res, deps, bad(last.error));
      const filter = readTypes(types.value);
      const since = readSince(sinceText.value);
      if ('error' in filter) return void answeredWithError(res, deps, bad(filter.error));
      if ('error' in since) return void answeredWithError(res, deps, bad(since.error));
      const followed = await deps.useCases.followEventFeed.execute({
        projectId: project.id,
        ...(since.since ? { since: since.since } : {}),
        ...(last.id ? { lastEntryId: last.id } : {}),
      });
      if (!followed.ok) return void answeredWithError(res, deps, followed.error);
      const { tail } = followed.value;
      serveStream(deps, deps.streams, 'events', project.id, req, res, { since: followed.value.since }, async (out) => {
        for (const entry of await tail.next()) {
          const { event } = entry;
          if (!isJsonEvent(event) || (filter.types && !filter.types.has(event.type))) continue;
          const data: EventStreamEntry = {
            entry_id: entry.id,
            event_id: event.id,
            type: EVENT_TYPE_NAMES[event.type],
            recorded_at: entry.at,
            redelivery: entry.redelivery,
            payload: webhookPayload(event),
          };
          out.send('event', data, entry.id);
        }
      });
    }),
  );
  router.get(
    `${API_PREFIX}/requests/stream`,
    route(deps, 'streamRequests', async (req, res, { project }) => {
      const statusText = single(req, 'status', 3);
      const path = single(req, 'path', STREAM_PATH_MAX);
      if ('error' in statusText) return void answeredWithError(res, deps, bad(statusText.error));
      if ('error' in path) return void answeredWithError(res, deps, bad(path.error));
      const status = statusFilter(statusText.value);
      if (typeof status !== 'function') return void answeredWithError(res, deps, bad(status.error));
      if (path.value !== undefined && !path.value.startsWith('/')) return void answeredWithError(res, deps, bad('path: a route prefix, beginning with /'));
      const log = deps.apiCallRecorder;
      if (!log) return void answeredWithError(res, deps, domainError('NOT_FOUND', 'The requests log is off on this Kassa'));
      const onPath = pathFilter(path.value);
      const floor = deps.clock.now().getTime();
      let newest = floor;
      const seen = new Map<string, number>();
      serveStream(deps, deps.streams, 'requests', project.id, req, res, {}, async (out) => {
        const since = new Date(Math.max(floor, newest - REQUESTS_LOOK_BACK_MS)).toISOString();
        // Newest first from the log: answered oldest first, each call once.
        for (const call of (await log.list(project.id, since, 500)).reverse()) {
          if (seen.has(call.id) || !REQUEST_ENTRY_ID.test(call.id)) continue;
          const at = Date.parse(call.at);
          seen.set(call.id, at);
          newest = Math.max(newest, at);
          if (status(call.status) && onPath(call.route)) out.send('request', requestEntry(call), call.id);
        }
        for (const [id, at] of seen) if (at < newest - REQUESTS_LOOK_BACK_MS) seen.delete(id);
      });
    }),
  );
  return router;
}
