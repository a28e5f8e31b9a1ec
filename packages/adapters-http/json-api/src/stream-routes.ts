import type { Request } from 'express';
import { domainError, liveSecrets, type DomainError, type DomainEvent, type DomainEventType } from '@kassa-payments/domain';
import type { ApiCall } from '@kassa-payments/operations';
import { callerIp, domainEventType, EVENT_TYPE_NAMES, isQueryTime, singleQueryValue, webhookPayload } from '@kassa-payments/http-kit';
import { FEED_POSITION, REQUEST_ENTRY_ID, STREAM_EVENT_ID, STREAM_PATH_MAX, STREAM_SINCE_MAX, STREAM_TYPES_MAX, type EventStreamEntry, type RequestStreamEntry } from '@kassa-payments/protocol';
import { answeredWithError, route } from './route.js';
import { serveStream } from './sse.js';
import { ApiCallTail } from './api-call-tail.js';
import { RouteTable } from '@kassa-payments/http-kit';
import type { ApiDeps } from './api-deps.js';
import { registerOperations } from './register-operations.js';
import type { AuthContext } from './authenticate.js';

const bad = (message: string) => domainError('BAD_REQUEST', message);
const single = (req: Request, name: string, max: number) => singleQueryValue(req.query, name, max);

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

/** `since`: an ISO time, a place of the feed (digits: what `ready` gave), or an event's id. */
function readSince(text: string | undefined): { since?: { time: string } | { entryId: string } | { position: number } } | { error: string } {
  if (text === undefined) return {};
  if (/^\d{4}-/.test(text)) return isQueryTime(text) ? { since: { time: new Date(Date.parse(text)).toISOString() } } : { error: 'since: not a real ISO time (2026-11-22T10:00:00Z)' };
  if (FEED_POSITION.test(text)) return { since: { position: Number(text) } };
  if (STREAM_EVENT_ID.test(text)) return { since: { entryId: text } };
  return { error: "since: an ISO time (2026-11-22T10:00:00Z), an event's id, or a place of the feed" };
}

/** Last-Event-ID: the SSE id of the last entry received (its place in the feed), sent once. */
function readLastEventId(req: Request): { position?: number } | { error: string } {
  const raw = req.headers['last-event-id'];
  if (raw === undefined) return {};
  // Node joins a repeated header with ", ", which no place contains.
  if (typeof raw !== 'string' || !FEED_POSITION.test(raw)) return { error: 'Last-Event-ID: the id of an entry of this stream (digits), sent once' };
  return { position: Number(raw) };
}

/**
 * A stream is authenticated at its start; this checks its caller again while it lives: the password
 * the stream was signed with still verifies (the partner's current one, or the one a rotation
 * replaced until its overlap ends), and the project is still the partner's, active, and open to the
 * caller's address. The refusal to end the stream with, or undefined.
 */
function recheckOf(deps: ApiDeps, auth: AuthContext, req: Request): () => Promise<DomainError | undefined> {
  const ip = callerIp(req);
  const signedWith = auth.signedWithRetiring ?? auth.partner.password;
  return async () => {
    const partner = await deps.projects.findPartner(auth.partner.login);
    if (!partner || !liveSecrets(partner.password, partner.previousPassword, deps.clock.now()).includes(signedWith))
      return domainError('AUTH_INVALID_SIGNATURE', "The partner's password changed: connect again with the new one");
    const project = await deps.callers.project(partner, { projectId: auth.project.id, callerIp: ip });
    return project.ok ? undefined : project.error.error;
  };
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
export function streamRoutes(deps: ApiDeps, router: RouteTable = new RouteTable()): RouteTable {
  registerOperations(
    router,
    route(deps, 'streamEvents', async (req, res, auth) => {
      const { project } = auth;
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
        ...(last.position === undefined ? {} : { lastPosition: last.position }),
      });
      if (!followed.ok) return void answeredWithError(res, deps, followed.error);
      const { tail } = followed.value;
      const poll = async (out: { send(event: string, data: unknown, id?: string): void }) => {
        for (const entry of await tail.next()) {
          const { event } = entry;
          if (!event || !isJsonEvent(event) || (filter.types && !filter.types.has(event.type))) continue;
          const data: EventStreamEntry = {
            entry_id: entry.id,
            event_id: event.id,
            type: EVENT_TYPE_NAMES[event.type],
            recorded_at: entry.at,
            redelivery: entry.redelivery,
            payload: webhookPayload(event),
          };
          out.send('event', data, String(entry.seq));
        }
      };
      serveStream(
        deps,
        deps.streams,
        'events',
        { projectId: project.id, partnerLogin: auth.partner.login },
        req,
        res,
        { since: String(followed.value.position) },
        { poll, recheck: recheckOf(deps, auth, req) },
      );
    }),
  );
  registerOperations(
    router,
    route(deps, 'streamRequests', async (req, res, auth) => {
      const { project } = auth;
      const statusText = single(req, 'status', 3);
      const path = single(req, 'path', STREAM_PATH_MAX);
      if ('error' in statusText) return void answeredWithError(res, deps, bad(statusText.error));
      if ('error' in path) return void answeredWithError(res, deps, bad(path.error));
      const status = statusFilter(statusText.value);
      if (typeof status !== 'function') return void answeredWithError(res, deps, bad(status.error));
      if (path.value !== undefined && !path.value.startsWith('/')) return void answeredWithError(res, deps, bad('path: a route prefix, beginning with /'));
      // Not resumable: a Last-Event-ID is ignored, but one no entry of this stream could have is refused (as the events stream does).
      const lastId = req.headers['last-event-id'];
      if (lastId !== undefined && (typeof lastId !== 'string' || !REQUEST_ENTRY_ID.test(lastId)))
        return void answeredWithError(res, deps, bad('Last-Event-ID: the id of an entry of this stream, sent once'));
      const log = deps.apiCallRecorder;
      if (!log) return void answeredWithError(res, deps, domainError('NOT_FOUND', 'The requests log is off on this Kassa'));
      const onPath = pathFilter(path.value);
      // What is stored, never a flush of the recorder: a call shows within its batch's second.
      const tail = new ApiCallTail(log, project.id, deps.clock.now().getTime());
      const poll = async (out: { send(event: string, data: unknown, id?: string): void }) => {
        for (const call of await tail.next()) if (REQUEST_ENTRY_ID.test(call.id) && status(call.status) && onPath(call.route)) out.send('request', requestEntry(call), call.id);
      };
      serveStream(deps, deps.streams, 'requests', { projectId: project.id, partnerLogin: auth.partner.login }, req, res, {}, { poll, recheck: recheckOf(deps, auth, req) });
    }),
  );
  return router;
}
