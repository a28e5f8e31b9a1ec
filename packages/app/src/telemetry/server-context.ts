import { IncomingMessage, ServerResponse } from 'node:http';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { Context } from '@opentelemetry/api';

/** A request a server received (a client's response is an IncomingMessage too, with its `req`). */
const serverSide = (target: unknown): boolean => target instanceof ServerResponse || (target instanceof IncomingMessage && (target as { req?: unknown }).req === undefined);

/**
 * The SDK's context manager (AsyncLocalStorage), but for an incoming request and its response,
 * which it leaves unpatched. The HTTP instrumentation binds both to the request's context, which
 * replaces every listener method of the two objects and wraps each listener added after (Express,
 * body-parser, on-finished add a dozen a request) in a closure that enters the context on every
 * event: about a tenth of the tracing's cost per request (docs/decisions.md, "Traces"). Node's own
 * async context already runs their listeners in the request's: body-parser and on-finished bind
 * theirs with AsyncResource, and `finish` and `close` fire from the response's own writes, made in
 * the request's context. The request log's line (its trace_id), the route naming of the server
 * span (route-naming.ts) and the HTTP instrumentation's own end of the span run there; the tracing
 * test checks all three. Everything else (functions, a client's requests) is bound as before.
 */
export class ServerContextManager extends AsyncLocalStorageContextManager {
  override bind<T>(context: Context, target: T): T {
    return serverSide(target) ? target : super.bind(context, target);
  }
}
