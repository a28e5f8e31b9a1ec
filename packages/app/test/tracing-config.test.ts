import { describe, expect, it } from 'vitest';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { ScrubbingExporter, scrubAttributes } from '../src/telemetry/scrubbing-exporter.js';
import { currentTraceparent, traceFields, tracingOn } from '../src/telemetry/trace-context.js';
import { otlpProtocol, startTracing, tracingWanted } from '../src/telemetry/tracing.js';

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
    const inner: SpanExporter = { export: (spans, done) => (exported.push(...spans), done({ code: 0 })), shutdown: async () => {} };
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
