import type { HttpObserver } from '@kassa-payments/http-kit';
import { serverSpanNamer, tracingOn } from './trace-context.js';

/**
 * The observer every listener tells of each request (the metrics), also naming the request's server
 * span by the route template Express matched: `POST /api/v3/projects/:projectId/invoices`. Express's
 * instrumentation did this by wrapping every layer of every router, the cost of a span's worth per
 * request. Here the span's naming is taken as the request starts (in its context) and done when the
 * response closes, before the HTTP instrumentation ends the span: an answered request, a stream its
 * client left or a shutdown ended, and a request its client abandoned after its route matched. A
 * request no route matched keeps the HTTP instrumentation's name, its method only. Without traces,
 * `inner` as it is.
 */
export function routeNamingObserver(inner: HttpObserver): HttpObserver;
export function routeNamingObserver(inner: HttpObserver | undefined): HttpObserver | undefined;
export function routeNamingObserver(inner: HttpObserver | undefined): HttpObserver | undefined {
  if (!tracingOn()) return inner;
  return {
    opened(exchange) {
      inner?.opened?.(exchange);
      const name = serverSpanNamer();
      if (!name) return;
      exchange.onClose(() => {
        const route = exchange.route();
        if (route !== 'unmatched') name(route, exchange.method);
      });
    },
    exchanged(exchange) {
      inner?.exchanged(exchange);
    },
  };
}
