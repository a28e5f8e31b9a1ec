import { register } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { context } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { CallerLinkProcessor, OutboundTraceContext } from './caller-context.js';
import { ScrubbingExporter } from './scrubbing-exporter.js';
import { ServerContextManager } from './server-context.js';
import { tracingStarted } from './trace-context.js';
import type { OtlpProtocol, Tracing, TracingEnv } from './tracing-types.js';

/**
 * How long a stopping process waits for its last spans to leave, once its servers and workers have
 * stopped: the exporter's own timeout (OTEL_EXPORTER_OTLP_TIMEOUT, 10 s by default, and its retries)
 * would otherwise be added to every stop when the collector does not answer, past a platform's grace
 * period (Kubernetes' 30 s). Spans still unsent then are lost; the process stops.
 */
export const SHUTDOWN_DEADLINE_MS = 2_000;

/** `work`, or nothing once `ms` have passed (the timer does not hold the process). */
const withDeadline = (work: Promise<void>, ms: number): Promise<void> => Promise.race([work.catch(() => undefined), sleep(ms, undefined, { ref: false })]);

const numberOf = (v: string | undefined): number | undefined => (v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined);

/** The health, readiness and metrics probes' paths (a query string aside). */
const PROBES = new Set(['/health', '/ready', '/metrics']);
const isProbe = (url: string | undefined): boolean => {
  if (url === undefined) return false;
  // Every request is asked: no array made (split) for the path.
  const query = url.indexOf('?');
  return PROBES.has(query === -1 ? url : url.slice(0, query));
};

/** The batch's standard variables (OTEL_BSP_*): the SDK reads them only for the processor it makes itself. */
function batchOptions(env: TracingEnv) {
  const options = {
    scheduledDelayMillis: numberOf(env['OTEL_BSP_SCHEDULE_DELAY']),
    exportTimeoutMillis: numberOf(env['OTEL_BSP_EXPORT_TIMEOUT']),
    maxQueueSize: numberOf(env['OTEL_BSP_MAX_QUEUE_SIZE']),
    maxExportBatchSize: numberOf(env['OTEL_BSP_MAX_EXPORT_BATCH_SIZE']),
  };
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}

/**
 * How the running request's server span gets its route template: the HTTP instrumentation reads the
 * route from the request's RPC metadata when the response closes (its `http.route` and the span's
 * name, `POST /api/v3/...`). The metadata is taken here, as the first handler starts the request (in
 * its context), and set from the response's `close` (route-naming.ts): a stream its client left, a
 * stream ended by a shutdown and an abandoned request are named too. Express's instrumentation, which
 * wraps every layer of every router to learn the route, is not loaded.
 */
function routeSetter(): ((route: string, method: string) => void) | undefined {
  const metadata = getRPCMetadata(context.active());
  if (metadata?.type !== RPCType.HTTP) return undefined;
  return (route, method) => {
    metadata.route = route;
    // The instrumentation reads the route from the context active at `close`, which is no longer the
    // request's when a socket's end closes the response (a stream its client left): the span is
    // named and given its route here, and keeps them.
    metadata.span?.updateName(`${method} ${route}`).setAttribute('http.route', route);
  };
}

/**
 * The SDK, imported only when tracing is configured (tracing.ts). The instrumentations patch
 * mongodb and ioredis as they load: Kassa's modules are ECMAScript modules, so the
 * import-in-the-middle loader hook is registered first, for the instrumented modules only.
 */
export async function startTracingSdk(env: TracingEnv, protocol: OtlpProtocol): Promise<Tracing> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  // The exporters read the endpoint, headers and timeout from the standard variables themselves.
  const exporter = protocol === 'http/json' ? new JsonTraceExporter() : new ProtobufTraceExporter();
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME (or OTEL_RESOURCE_ATTRIBUTES) names the service; without them it is "kassa".
    ...(env['OTEL_SERVICE_NAME'] ? {} : { serviceName: 'kassa' }),
    // Traces only: Kassa's metrics are Prometheus's on the admin listener, its logs JSON lines.
    metricReaders: [],
    logRecordProcessors: [],
    // AsyncLocalStorage, without patching each incoming request and response (server-context.ts).
    contextManager: new ServerContextManager(),
    spanProcessors: [new CallerLinkProcessor(), new BatchSpanProcessor(new ScrubbingExporter(exporter), batchOptions(env))],
    // W3C tracecontext out, nothing in: a caller's context is a link only, its baggage goes nowhere (caller-context.ts).
    textMapPropagator: new OutboundTraceContext(),
    // The sampler is OTEL_TRACES_SAMPLER's (and OTEL_TRACES_SAMPLER_ARG's); the SDK reads them.
    instrumentations: [
      // Server spans for every listener, named by the route Express matched; no headers recorded. The
      // probes (the admin listener's /health, /ready and /metrics, polled every few seconds) make none.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => isProbe(request.url) }),
      // Calls made inside a request's or job's trace only (the relay's and BullMQ's polling is not traced).
      new MongoDBInstrumentation({ requireParentSpan: true }),
      // The command's name only: its arguments are keys and values (a job's data among them).
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
      // Webhook attempts (and extensions' fetch calls): a client span, and the `traceparent` header it sends.
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  tracingStarted(routeSetter);
  return { shutdown: () => withDeadline(sdk.shutdown(), SHUTDOWN_DEADLINE_MS) };
}
