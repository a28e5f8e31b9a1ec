import { createContextKey, SpanKind, trace, ROOT_CONTEXT, type Context, type SpanContext, type TextMapGetter, type TextMapPropagator, type TextMapSetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** Where an incoming request's trace context waits for its server span, which links to it. */
const CALLER = createContextKey('kassa.caller-span-context');

/**
 * The process's propagator (it replaces OTEL_PROPAGATORS's). Outward, W3C tracecontext only: a
 * webhook attempt and a call to the billing gateway carry Kassa's `traceparent`, never `baggage`.
 * Inward, nothing is trusted: every listener is public (merchants, payers' browsers), so a request's
 * `traceparent`, `tracestate` and `baggage` neither continue its trace nor decide its sampling (a
 * forged `-01` would force every request of its sender, and their jobs, to be sampled). Each request
 * starts a trace of its own; a valid `traceparent` is kept as a link of its server span.
 */
export class OutboundTraceContext implements TextMapPropagator {
  private readonly w3c = new W3CTraceContextPropagator();

  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    this.w3c.inject(context, carrier, setter);
  }

  extract(context: Context, carrier: unknown, getter: TextMapGetter): Context {
    const caller = trace.getSpanContext(this.w3c.extract(ROOT_CONTEXT, carrier, getter));
    return caller === undefined ? context : context.setValue(CALLER, caller);
  }

  fields(): string[] {
    return this.w3c.fields();
  }
}

/** Links a request's server span (a trace's root) to the trace context its caller sent, if any. */
export class CallerLinkProcessor implements SpanProcessor {
  onStart(span: Span, parentContext: Context): void {
    if (span.kind !== SpanKind.SERVER || trace.getSpan(parentContext) !== undefined) return;
    const caller = parentContext.getValue(CALLER) as SpanContext | undefined;
    // Its ids and flags only: the caller's `tracestate` is not exported either.
    if (caller !== undefined) span.addLink({ context: { traceId: caller.traceId, spanId: caller.spanId, traceFlags: caller.traceFlags, isRemote: true } });
  }

  onEnd(_span: ReadableSpan): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
