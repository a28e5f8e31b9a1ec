import type { HttpObserver } from '@kassa/http-kit';
import { nameServerSpan, tracingOn } from './trace-context.js';

/**
 * The observer every listener tells of each answered request (the metrics), also naming the
 * request's server span by the route template it reports: `POST /api/v3/projects/:projectId/invoices`.
 * Express's instrumentation did this by wrapping every layer of every router, the cost of a span's
 * worth per request; the request log already knows the route when the response finishes, which is
 * before the HTTP instrumentation ends the span (on `close`). A request no route matched keeps the
 * HTTP instrumentation's name, its method only. Without traces, `inner` as it is.
 */
export function routeNamingObserver(inner: HttpObserver | undefined): HttpObserver | undefined {
  if (!tracingOn()) return inner;
  return {
    exchanged(exchange) {
      if (exchange.route !== 'unmatched') nameServerSpan(exchange.route);
      inner?.exchanged(exchange);
    },
  };
}
