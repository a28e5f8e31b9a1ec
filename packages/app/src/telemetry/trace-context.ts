import { context, isSpanContextValid, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type SpanContext } from '@opentelemetry/api';

/**
 * What the rest of Kassa asks of tracing, through the OpenTelemetry API only (the SDK is loaded
 * when tracing is configured, and never otherwise: see tracing.ts). Until `tracingStarted` is
 * called every helper here is a flag test and nothing more.
 */
let on = false;

/** How the running request's server span is named by its route template (the SDK's: tracing-sdk.ts); undefined outside a server span. */
let routeSetterOf: () => ((route: string, method: string) => void) | undefined = () => undefined;

/** Called by the SDK's start (tracing-sdk.ts) once spans are being exported, with how a server span is named. */
export const tracingStarted = (routeSetter?: () => ((route: string, method: string) => void) | undefined): void => {
  on = true;
  if (routeSetter) routeSetterOf = routeSetter;
};

/**
 * Of the request being started (called in its context, by its first handler): what names its server
 * span by a route template, never its path; undefined without traces or outside a server span.
 */
export const serverSpanNamer = (): ((route: string, method: string) => void) | undefined => (on ? routeSetterOf() : undefined);

/** Whether this process exports traces (OTEL_EXPORTER_OTLP_ENDPOINT was set when it started). */
export const tracingOn = (): boolean => on;

/** The tracer of Kassa's own spans (jobs, billing gateway, SMS). */
const tracer = () => trace.getTracer('kassa');

/**
 * A job's or event's trace context is written and read here as a W3C `traceparent`, whatever
 * OTEL_PROPAGATORS says (a global b3 or `none` would otherwise drop every job's link).
 */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** `00-<trace id>-<span id>-<flags>`. */
export const formatTraceparent = (span: SpanContext): string => `00-${span.traceId}-${span.spanId}-${(span.traceFlags & 0xff).toString(16).padStart(2, '0')}`;

/** The span context a `traceparent` names, or undefined when it is not a valid version-00 one. */
export function parseTraceparent(traceparent: string): SpanContext | undefined {
  const match = TRACEPARENT.exec(traceparent.trim());
  if (!match) return undefined;
  const span: SpanContext = { traceId: match[1] as string, spanId: match[2] as string, traceFlags: Number.parseInt(match[3] as string, 16), isRemote: true };
  return isSpanContextValid(span) ? span : undefined;
}

/** The W3C `traceparent` of the span running now, to carry in a job's data or an event (none when tracing is off or no span runs). */
export function currentTraceparent(): string | undefined {
  if (!on) return undefined;
  const span = trace.getSpanContext(context.active());
  return span !== undefined && isSpanContextValid(span) ? formatTraceparent(span) : undefined;
}

/** `fields` with `trace_id` and `span_id` of the running span added, if one runs (the logger's mixin: one object a line). */
export function addTraceFields<T extends object>(fields: T): T & { trace_id?: string; span_id?: string } {
  const out = fields as T & { trace_id?: string; span_id?: string };
  if (!on) return out;
  const span = trace.getActiveSpan();
  if (!span) return out;
  const { traceId, spanId } = span.spanContext();
  out.trace_id = traceId;
  out.span_id = spanId;
  return out;
}

/**
 * Runs `work` in a new span: a child of the `traceparent` given (a job continues the trace of
 * the request or job that scheduled it), else of the running span, else a new trace's root. The
 * span ends with `work`, marked as an error when it throws.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>, options: { readonly traceparent?: string; readonly kind?: SpanKind } = {}): Promise<T> {
  if (!on) return work();
  const remote = options.traceparent === undefined ? undefined : parseTraceparent(options.traceparent);
  const parent: Context = options.traceparent === undefined ? context.active() : remote === undefined ? ROOT_CONTEXT : trace.setSpanContext(ROOT_CONTEXT, remote);
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes }, parent, async (span) => {
    try {
      return await work();
    } catch (err) {
      span.recordException(err instanceof Error ? { name: err.name, message: err.message } : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Adds attributes to the running span (an outcome known at the end of `inSpan`'s work). */
export function noteOnSpan(attributes: Attributes): void {
  if (on) trace.getActiveSpan()?.setAttributes(attributes);
}

/**
 * Runs `work` outside any trace: the periodic sweep and relay belong to no request, and the
 * MongoDB and Redis instrumentations record only calls made inside a trace (their polling would
 * otherwise be a trace every 200 ms).
 */
export const outsideTraces = <T>(work: () => T): T => (on ? context.with(ROOT_CONTEXT, work) : work());
