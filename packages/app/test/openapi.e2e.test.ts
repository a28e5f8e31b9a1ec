import { createHmac } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutes, invoiceRoutes, sandboxRoutes, streamRoutes, webhookEndpointRoutes, webhookRoutes, type ApiDeps } from '@kassa-payments/json-api';
import { TEST_ENVIRONMENT_CARDS, TEST_ENVIRONMENT_MSISDNS } from '@kassa-payments/adapters-memory';
import { PRODUCTION, startTestKassa, type TestKassa } from './e2e.fixture.js';

let t: TestKassa;
/** The same app in production (KASSA_ENV=production): its document is production's. */
let production: TestKassa;
beforeAll(async () => {
  [t, production] = await Promise.all([startTestKassa(), startTestKassa(PRODUCTION)]);
});
afterAll(async () => {
  await Promise.all([t?.stop(), production?.stop()]);
});

type Mode = 'test' | 'production';
const kassaOf = (mode: Mode) => (mode === 'test' ? t : production);
const documentOf = async (mode: Mode) => (await (await fetch(`${kassaOf(mode).kassa.urls.api}/api/v3/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };

/** The routes the API routers really serve in `mode`, as OpenAPI path templates. */
function servedRoutes(mode: Mode = 'test'): string[] {
  const deps = { mode } as ApiDeps; // the routers only read deps when a request arrives (and the mode, to leave out test clocks)
  return [contractRoutes(deps), invoiceRoutes(deps), webhookRoutes(deps), webhookEndpointRoutes(deps), streamRoutes(deps), sandboxRoutes(deps)].flatMap((router) =>
    router.routes().map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
  );
}

describe('the OpenAPI document', () => {
  it.each(['test', 'production'] as const)('is served at GET /api/v3/openapi.json and is valid OpenAPI 3.1 by a standard validator (%s)', async (mode) => {
    const response = await fetch(`${kassaOf(mode).kassa.urls.api}/api/v3/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route the API serves, and nothing it does not', async () => {
    const document = (await (await fetch(`${t.kassa.urls.api}/api/v3/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const served = servedRoutes();
    // 27 operations (the webhook endpoints' and the two streams among them), and the two deprecated hyphenated paths of the webhook deliveries beside them.
    expect(served.length).toBe(29);
    expect([...documented].sort()).toEqual([...served].sort());
  });

  it.each(['test', 'production'] as const)('every documented route answers (401 unsigned), none is a routing 404 (%s)', async (mode) => {
    const document = await documentOf(mode);
    for (const [path, ops] of Object.entries(document.paths)) {
      for (const method of Object.keys(ops)) {
        const url = `${kassaOf(mode).kassa.urls.api}${path.replace('{projectId}', '1').replace(/\{\w+\}/g, 'abc')}`;
        const r = await fetch(url, { method: method.toUpperCase() });
        expect([`${method} ${path}`, r.status]).toEqual([`${method} ${path}`, 401]);
      }
    }
  });

  it.each(['test', 'production'] as const)('tags each operation with one resource, a tag the document declares and describes; every declared tag is used (%s)', async (mode) => {
    const document = (await documentOf(mode)) as unknown as {
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, { operationId: string; tags?: string[] }>>;
    };
    const operations = Object.values(document.paths).flatMap((ops) => Object.values(ops));
    const declared = document.tags.map((t) => t.name);
    for (const op of operations) expect([op.operationId, op.tags?.length, declared.includes(op.tags?.[0] ?? '')]).toEqual([op.operationId, 1, true]);
    expect(document.tags.every((t) => t.description.length > 0)).toBe(true);
    expect([...new Set(operations.map((op) => op.tags?.[0]))].sort()).toEqual([...declared].sort());
    // The modules a generator makes of them (openapi-python-client: kassa_client.api.invoices.create_invoice).
    const tagOf = (id: string) => operations.find((op) => op.operationId === id)?.tags?.[0];
    expect([tagOf('createInvoice'), tagOf('createContract'), tagOf('refundInvoice'), tagOf('listEvents'), tagOf('createWebhookEndpoint')]).toEqual([
      'invoices',
      'contracts',
      'refunds',
      'events',
      'webhook_endpoints',
    ]);
    expect(declared.filter((t) => t.startsWith('test_'))).toEqual(mode === 'test' ? ['test_data', 'test_clocks'] : []);
  });

  it("production's document has none of the test environment's: no test_data/reset (404 there), test_clocks routes, test_info, test_clock.ready or sandbox numbers; the test environment's keeps them all", async () => {
    const [test, prod] = [await documentOf('test'), await documentOf('production')];
    const routes = (d: { paths: Record<string, Record<string, unknown>> }) => Object.entries(d.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const testOnly = (r: string) => /\/test_(data|clocks)\b/.test(r);
    // Production documents what it serves, less the reset (there, a 404 for any project).
    expect(routes(prod).sort()).toEqual(
      servedRoutes('production')
        .filter((r) => !testOnly(r))
        .sort(),
    );
    expect(routes(test).filter(testOnly)).toHaveLength(6);
    const text = JSON.stringify(prod);
    for (const word of ['test_data', 'test_clock', 'test_info', 'TestClock', 'TEST_', 'test environment', 'Testing', 'billing_result', 'next_step']) expect(text, word).not.toContain(word);
    for (const number of [...Object.values(TEST_ENVIRONMENT_MSISDNS), ...Object.values(TEST_ENVIRONMENT_CARDS)]) expect(text, number).not.toContain(number);
    // The test environment's keeps every one, and its requests' test_info.
    const testText = JSON.stringify(test);
    for (const word of ['test_data/reset', 'test_clock.ready', 'TestClockReadyWebhook', 'TEST_CLOCK_NOT_FOUND', 'TEST_CALLBACK_URL_FORBIDDEN', 'billing_result', 'next_step'])
      expect(testText, word).toContain(word);
    for (const number of [...Object.values(TEST_ENVIRONMENT_MSISDNS), ...Object.values(TEST_ENVIRONMENT_CARDS)]) expect(testText, number).toContain(number);
    const schemas = (test as unknown as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }).components.schemas;
    expect(Object.keys(schemas['CreateInvoiceRequest']?.properties ?? {})).toContain('test_info');
    expect(Object.keys(schemas['CreateContractRequest']?.properties ?? {})).toContain('test_info');
    // No marker of the generator's is left in either document.
    expect(testText).not.toContain('x-test-only');
  });

  it("says what the server does: optional bodies, the contracts' merchant_contract_id, an integer limit, billing/check's two shapes, the webhooks, and a worked signature example that holds", async () => {
    type Schema = { properties?: Record<string, unknown>; anyOf?: { $ref?: string }[] };
    const doc = (await (await fetch(`${t.kassa.urls.api}/api/v3/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { required: boolean }; parameters?: { name: string; schema: { type: string; minimum?: number; maximum?: number } }[] }>>;
      webhooks: Record<string, unknown>;
      components: { schemas: Record<string, Schema>; securitySchemes: Record<string, { description: string }> };
    };
    const P = '/api/v3/projects/{projectId}';
    expect(doc.paths[`${P}/contracts/{contractId}/cancel`]?.['post']?.requestBody?.required).toBe(false);
    expect(doc.paths[`${P}/contracts/{contractId}/authorize`]?.['post']?.requestBody?.required).toBe(true);
    expect(Object.keys(doc.components.schemas['ContractPinRequest']?.properties ?? {})).toContain('merchant_contract_id');
    expect(Object.keys(doc.components.schemas['ContractCancelRequest']?.properties ?? {})).toContain('merchant_contract_id');
    expect(doc.paths[`${P}/events`]?.['get']?.parameters?.find((p) => p.name === 'limit')?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect((doc.components.schemas['BillingCheckRequest']?.anyOf ?? []).map((m) => m.$ref)).toEqual(['#/components/schemas/BillingCheckByMsisdn', '#/components/schemas/BillingCheckByCustomer']);
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      'SubscriptionStatusNotification',
      'contract.authorized',
      'contract.closed',
      'payment.updated',
      'payment.updated (legacy envelope)',
      'refund.completed',
      'refund.failed',
      'test_clock.ready',
      'webhook_endpoint.disabled',
    ]);
    // The worked example, checked with an HMAC written out here.
    const text = doc.components.securitySchemes['signature']?.description ?? '';
    const [, payload, inner, signature] = /requestPayload "([^"]*)", innerHash ([0-9a-f]{64}), X-Signature ([0-9a-f]{64})/.exec(text) ?? [];
    const hmac = (message: string) => createHmac('sha256', 'secret-password').update(message).digest('hex');
    expect(inner).toBe(hmac('2026-11-24T10:00:00Z'));
    expect(signature).toBe(hmac(`${payload}shop${inner}`));
    expect(payload).toBe('order-17900123456710.00RUB203.0.113.7');
  });
});
