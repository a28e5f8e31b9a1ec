import { describe, expect, it } from 'vitest';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { HttpWebhookSender } from '@kassa-payments/adapters-webhooks';
import { startReceiver } from '@kassa-payments/devkit';
import { SystemClock } from '@kassa-payments/domain';
import { ScrubbingExporter, scrubAttributes } from '../src/telemetry/scrubbing-exporter.js';
import { context, propagation, ROOT_CONTEXT, trace, type TextMapGetter } from '@opentelemetry/api';
import { CallerLinkProcessor, OutboundTraceContext } from '../src/telemetry/caller-context.js';
import { addTraceFields, currentTraceparent, formatTraceparent, parseTraceparent, tracingOn } from '../src/telemetry/trace-context.js';
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
    expect(addTraceFields({})).toEqual({});
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

describe('URLs in spans: a user and password (one holding an @) and query values never exported', () => {
  it('url.full loses its user info and query; a URL quoted in a message or status has them masked', () => {
    const out = scrubAttributes({
      'url.full': 'https://hook-user:p@ss-5151@merchant.example/hooks?token=tok-7777',
      'exception.message': 'Request cannot be constructed from a URL that includes credentials: https://hook-user:pw-5151@merchant.example/h?token=tok-7777',
    });
    expect(out).toEqual({
      'url.full': 'https://merchant.example/hooks',
      'exception.message': 'Request cannot be constructed from a URL that includes credentials: https://***@merchant.example/h?token=***',
    });
  });
});

describe("Kassa's own ids are exported whole; a merchant's chosen ids, an extension's and free text are masked", () => {
  it('keeps the UUIDs Kassa makes on its own attributes, whatever digits they hold; masks the same digits anywhere else', () => {
    const long = '4111111111111111'; // Luhn-valid: a card number's shape
    const uuid = '12345678-1234-4123-8123-791612345678'; // its last group an msisdn's digits
    const out = scrubAttributes({
      'kassa.aggregate_id': uuid,
      'webhook.id': uuid,
      'kassa.project_id': 1234567890,
      // Kassa's names, but not a value Kassa makes: masked.
      'kassa.aggregate_id.extra': uuid,
      'webhook.id.raw': '79161234567',
      // An extension's ids and a caller's choices: masked.
      partner_transaction_id: '79161234567',
      'kassa.invoice_id': long,
      'kassa.merchant_order_id': 'order-79161234567',
      'kassa.request_id': 'req-79161234567',
      'url.path': `/api/v3/projects/1/invoices/${long}`,
      'exception.message': 'operation 79161234567 failed',
    });
    expect(out).toEqual({
      'kassa.aggregate_id': uuid,
      'webhook.id': uuid,
      'kassa.project_id': 1234567890,
      'kassa.aggregate_id.extra': '12345678-1234-4123-8123-…5678',
      'webhook.id.raw': '…4567',
      partner_transaction_id: '…4567',
      'kassa.invoice_id': expect.stringMatching(/^\*+1111$/),
      'kassa.merchant_order_id': 'order-…4567',
      'kassa.request_id': 'req-…4567',
      'url.path': expect.stringMatching(/^\/api\/v3\/projects\/1\/invoices\/\*+1111$/),
      'exception.message': 'operation …4567 failed',
    });
    // A delivery's id (a job's aggregate): its event's id and its channel, an endpoint's holding the endpoint's UUID.
    for (const channel of ['webhook', 'subscription', 'test-callback', `endpoint-${uuid}`])
      expect(scrubAttributes({ 'kassa.aggregate_id': `${uuid}-${channel}` }), channel).toEqual({ 'kassa.aggregate_id': `${uuid}-${channel}` });
    expect(scrubAttributes({ 'kassa.aggregate_id': `${uuid}-79161234567` })).toEqual({ 'kassa.aggregate_id': '12345678-1234-4123-8123-…5678-…4567' });
    // A Kassa attribute holding something else than a Kassa id (an msisdn by mistake) is masked too.
    expect(scrubAttributes({ 'kassa.aggregate_id': '79161234567' })).toEqual({ 'kassa.aggregate_id': '…4567' });
  });

  it('passes a span with nothing to scrub on as it is, and copies one that has', () => {
    const inner = new InMemorySpanExporter();
    const base = { events: [], links: [], status: { code: 0 }, spanContext: () => ({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 }) };
    const clean = {
      ...base,
      name: 'GET /api/v3/projects/:projectId/invoices/:invoiceId',
      attributes: { 'url.path': '/api/v3/projects/1/invoices/0f8e2a4c-1b2d-4e5f-8a9b-0c1d2e3f4a5b', 'http.response.status_code': 200 },
    };
    const dirty = { ...base, name: 'GET', attributes: { 'url.path': '/v1/subscribers/79161234567', 'http.response.status_code': 200 } };
    new ScrubbingExporter(inner).export([clean, dirty] as unknown as ReadableSpan[], () => {});
    const exported = inner.getFinishedSpans();
    expect(exported[0]).toBe(clean);
    expect(exported[1]).not.toBe(dirty);
    expect(exported[1]?.attributes).toEqual({ 'url.path': '/v1/subscribers/…4567', 'http.response.status_code': 200 });
    expect(dirty.attributes['url.path']).toBe('/v1/subscribers/79161234567');
  });
});

describe('a webhook attempt is a span only when the process exports traces', () => {
  it('begins no span without the tracer the app passes when traces are on (even with a provider registered); one span per attempt with it', async () => {
    const recorded = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(recorded)] });
    // A registered provider: the API's tracer would record whatever the sender began through it.
    trace.setGlobalTracerProvider(provider);
    const receiver = await startReceiver();
    const notification = { channel: 'webhook' as const, url: `${receiver.url}/hooks`, contentType: 'application/json', body: '{}' };
    try {
      const untraced = await new HttpWebhookSender(new SystemClock()).send(notification, { webhookId: 'evt-untraced', secret: null });
      expect(untraced.outcome).toEqual({ kind: 'success' });
      expect(recorded.getFinishedSpans()).toEqual([]);
      const traced = await new HttpWebhookSender(new SystemClock(), { tracer: provider.getTracer('kassa-webhooks') }).send(notification, { webhookId: 'evt-traced', secret: null });
      expect(traced.outcome).toEqual({ kind: 'success' });
      expect(recorded.getFinishedSpans().map((s) => [s.name, s.attributes['webhook.id']])).toEqual([['webhook attempt', 'evt-traced']]);
    } finally {
      trace.disable();
      await provider.shutdown();
      await receiver.close();
    }
  });
});

describe('the exported spans are scrubbed whole', () => {
  it("masks the status message (MongoDB's duplicate-key text) and the links' attributes", () => {
    const inner = new InMemorySpanExporter();
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
    const [out] = inner.getFinishedSpans();
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
