import { describe, expect, it } from 'vitest';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { ScrubbingExporter, scrubAttributes } from '../src/telemetry/scrubbing-exporter.js';
import { context, propagation, ROOT_CONTEXT, trace, type TextMapGetter } from '@opentelemetry/api';
import { CallerLinkProcessor, OutboundTraceContext } from '../src/telemetry/caller-context.js';
import { currentTraceparent, formatTraceparent, parseTraceparent, traceFields, tracingOn } from '../src/telemetry/trace-context.js';
import { checkPropagators, otlpProtocol, startTracing, tracingWanted } from '../src/telemetry/tracing.js';

describe('tracing configuration (the standard OTEL_* variables only)', () => {
  it('is off without an OTLP endpoint, and with OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none', async () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_SERVICE_NAME: 'kassa' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    // Off: nothing started, and every helper answers nothing.
    expect(await startTracing({})).toBeUndefined();
    expect(tracingOn()).toBe(false);
    expect(currentTraceparent()).toBeUndefined();
    expect(traceFields()).toEqual({});
  });

  it('exports over http/protobuf (default) or http/json, and names any other protocol', () => {
    expect(otlpProtocol({})).toBe('http/protobuf');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('http/json');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' })).toBe('http/protobuf');
    expect(() => otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL.*"grpc"/);
  });

  it('propagates W3C tracecontext only: any other OTEL_PROPAGATORS stops the start with its name', async () => {
    for (const ok of [undefined, '', 'tracecontext', ' tracecontext ', 'tracecontext,tracecontext']) expect(() => checkPropagators({ OTEL_PROPAGATORS: ok })).not.toThrow();
    for (const refused of ['b3', 'none', 'tracecontext,baggage', 'baggage', 'tracecontext,b3multi', 'jaeger'])
      expect(() => checkPropagators({ OTEL_PROPAGATORS: refused }), refused).toThrow(new RegExp(`OTEL_PROPAGATORS.*"${refused}"`));
    // Checked before the SDK is loaded, only when traces are asked for.
    await expect(startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_PROPAGATORS: 'b3' })).rejects.toThrow(/OTEL_PROPAGATORS/);
    expect(await startTracing({ OTEL_PROPAGATORS: 'b3' })).toBeUndefined();
  });
});

describe('the exported attributes are scrubbed', () => {
  it('drops credentials, headers, query strings and statements; masks msisdns and card numbers; keeps the rest', () => {
    const out = scrubAttributes({
      'url.full': 'https://user:pw@merchant.example/hooks?token=abc&msisdn=79161234567',
      'url.path': '/v1/subscribers/79161234567/cards/4111111111111111',
      'url.query': 'token=abc',
      'http.request.header.authorization': ['Basic Zm9vOmJhcg=='],
      'db.statement': '{"find":"invoices","filter":{"pin":"1234"}}',
      'kassa.pin_code': '1234',
      'exception.message': 'duplicate msisdn +79161234567',
      'http.route': '/api/v3/projects/:projectId/invoices/:invoiceId',
      'http.response.status_code': 201,
    });
    expect(out).toEqual({
      'url.full': 'https://merchant.example/hooks',
      'url.path': expect.stringMatching(/^\/v1\/subscribers\/…4567\/cards\/.*1111$/),
      'exception.message': 'duplicate msisdn …4567',
      'http.route': '/api/v3/projects/:projectId/invoices/:invoiceId',
      'http.response.status_code': 201,
    });
    expect(JSON.stringify(out)).not.toMatch(/79161234567|4111111111111111|abc|Zm9v/);
  });
});

describe('the exported spans are scrubbed whole', () => {
  it("masks the status message (MongoDB's duplicate-key text) and the links' attributes", () => {
    const exported: ReadableSpan[] = [];
    const inner: SpanExporter = {
      export: (spans, done) => {
        exported.push(...spans);
        done({ code: 0 });
      },
      shutdown: async () => {},
    };
    const message = 'E11000 duplicate key error collection: kassa.contracts index: liveKey_1 dup key: { liveKey: "[\\"msisdn:79161234567\\",\\"mc-1\\"]" }';
    const span = {
      name: 'mongodb.insert',
      attributes: {},
      events: [],
      status: { code: 2, message },
      links: [{ context: { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 }, attributes: { 'kassa.caller': 'msisdn 79161234567', 'kassa.pin_code': '1234' } }],
      spanContext: () => ({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: '00f067aa0ba902b7', traceFlags: 1 }),
    } as unknown as ReadableSpan;
    new ScrubbingExporter(inner).export([span], () => {});
    const [out] = exported;
    expect(out?.status).toEqual({ code: 2, message: expect.stringContaining('msisdn:…4567') });
    expect(out?.links[0]?.attributes).toEqual({ 'kassa.caller': 'msisdn …4567' });
    expect(out?.links[0]?.context.spanId).toBe('b7ad6b7169203331');
    expect(out?.spanContext().spanId).toBe('00f067aa0ba902b7');
    expect(JSON.stringify({ status: out?.status, links: out?.links })).not.toContain('79161234567');
  });
});

describe('incoming trace context is not trusted; outgoing is W3C tracecontext only', () => {
  const forged = { traceparent: '00-f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0-a1a1a1a1a1a1a1a1-01', tracestate: 'vendor=forged', baggage: 'msisdn=79161234567' };
  const getter: TextMapGetter<Record<string, string>> = { keys: (c) => Object.keys(c), get: (c, k) => c[k] };

  it("extracts no parent from a caller's headers (a forged sampled flag decides nothing), only a link of its ids", () => {
    const extracted = new OutboundTraceContext().extract(ROOT_CONTEXT, forged, getter);
    expect(trace.getSpanContext(extracted)).toBeUndefined();
    expect(propagation.getBaggage(extracted)).toBeUndefined();
    const links: unknown[] = [];
    const server = { kind: 1, addLink: (l: unknown) => links.push(l) };
    new CallerLinkProcessor().onStart(server as never, extracted);
    expect(links).toEqual([{ context: { traceId: 'f0'.repeat(16), spanId: 'a1'.repeat(8), traceFlags: 1, isRemote: true } }]);
    // A span under a running one (a MongoDB call inside the request) gets no link.
    const child: unknown[] = [];
    const parent = trace.setSpanContext(extracted, { traceId: 'b'.repeat(32), spanId: 'c'.repeat(16), traceFlags: 1 });
    new CallerLinkProcessor().onStart({ kind: 2, addLink: (l: unknown) => child.push(l) } as never, parent);
    expect(child).toEqual([]);
  });

  it('injects a traceparent and nothing else: never baggage', () => {
    const ours = { traceId: 'b'.repeat(32), spanId: 'c'.repeat(16), traceFlags: 1 };
    const withBaggage = propagation.setBaggage(trace.setSpanContext(context.active(), ours), propagation.createBaggage({ msisdn: { value: '79161234567' } }));
    const carrier: Record<string, string> = {};
    new OutboundTraceContext().inject(withBaggage, carrier, { set: (c, k, v) => (c[k] = v) });
    expect(carrier).toEqual({ traceparent: `00-${'b'.repeat(32)}-${'c'.repeat(16)}-01` });
  });

  it("reads and writes a job's traceparent itself (W3C, whatever OTEL_PROPAGATORS says)", () => {
    const span = parseTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(span).toEqual({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1, isRemote: true });
    expect(span && formatTraceparent(span)).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(parseTraceparent('00-00000000000000000000000000000000-b7ad6b7169203331-01')).toBeUndefined();
    expect(parseTraceparent('garbage')).toBeUndefined();
  });
});
