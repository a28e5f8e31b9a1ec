import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { DocumentOutcome, HttpObserver } from './http-observer.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';
import { keepRecord, maskedBodyOf, type AnsweredListener, type RequestRecord } from './request-record.js';

/** Longest path a log line carries (a request line may be 16 KB long). */
const MAX_LOGGED_PATH = 256;

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path;
};

/** Answers to a caller that did not prove who it is: its body is not worth a log line. */
const unauthenticated = (status: number) => status === 401 || status === 403;

/** Methods a metric names; any other is `other` (a client chooses the method: labels stay bounded). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The matched route's template, never the path a client chose. */
const routeOf = (req: Request): string => {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path : 'unmatched';
};

/**
 * The first handler of every listener, one handler rather than several (each costs the router a
 * dispatch per request): the answer carries X-Request-Id (the caller's, or a new one), and the
 * request's record (RequestRecord) is made, for the route to hand its use case the request's
 * context. One log line per request is written when the response is sent: request id, method, path,
 * status, duration and the body, if any, masked once and cut to a few KB (no card number, no
 * security code, no PIN; bounded whatever its depth or size); no body for a request that failed
 * authentication. Headers are not logged, so signatures never are. The same moment tells `observer`
 * (the metrics) of the exchange, by route template, and `answered` (the requests page) of the record.
 * `redact`, if given, prepares a body before the masking (the admin listener's: its URLs without
 * their query, as the audit log keeps them).
 */
export const requestLog = (logger: Logger, host: string, observer?: HttpObserver, answered?: AnsweredListener, redact?: (body: object) => unknown) => {
  const log = logger.child({ host });
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER]);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    // The URL as it came (before any router trims it), cut at the query by hand when logged: `req.path`
    // would parse it again, and every property read of `req` is a slow lookup.
    const record: RequestRecord = { requestId, host, method: req.method, url: req.url, started: performance.now() };
    keepRecord(res, record);
    if (observer?.opened) observer.opened({ method: record.method, route: () => routeOf(req), onClose: (listener) => void res.prependListener('close', listener) });
    const logging = log.isLevelEnabled('info');
    if (logging || observer || answered) {
      // A response finishes once: `on` spares the wrapper `once` would allocate for every request.
      res.on('finish', () => {
        // This runs from the socket's events, where a throw would end the process: a log line is
        // never worth that.
        try {
          const elapsed = performance.now() - record.started;
          const status = res.statusCode;
          const { method, url } = record;
          if (observer) {
            const document = res.locals['document'] as DocumentOutcome | undefined;
            observer.exchanged({ host, route: routeOf(req), method: METHODS.has(method) ? method : 'other', status, seconds: elapsed / 1000, ...(document ? { document } : {}) });
          }
          if (logging) {
            const ms = Math.round(elapsed * 10) / 10;
            // One shape for every line (pino leaves out an undefined body): its serializer stays fast.
            const body = unauthenticated(status) ? undefined : maskedBodyOf(record, req.body, redact);
            log.info({ requestId, method, path: pathOf(url), status, ms, body }, 'request');
          }
          answered?.(record, req, res);
        } catch (err) {
          logFailure(log, err);
        }
      });
    }
    next();
  };
};

function logFailure(log: Logger, err: unknown): void {
  try {
    log.error({ err: { type: err instanceof Error ? err.name : typeof err } }, 'request log line failed');
  } catch {
    // Nothing more can be done about a log that cannot be written.
  }
}
