import { createHmac } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutes, invoiceRoutes, sandboxRoutes, webhookRoutes, type HttpDeps } from '@kassa/adapters-http';
import { startTestKassa, type TestKassa } from './e2e.fixture.js';

let t: TestKassa;
beforeAll(async () => {
  t = await startTestKassa();
});
afterAll(() => t.stop());

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** The routes the API routers really serve, as OpenAPI path templates. */
function servedRoutes(): string[] {
  const deps = {} as HttpDeps; // the routers only read deps when a request arrives
  return [contractRoutes(deps), invoiceRoutes(deps), webhookRoutes(deps), sandboxRoutes(deps)].flatMap((router) =>
    (router.stack as Layer[]).flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route?.path.replace(/:(\w+)/g, '{$1}')}`) : [])),
  );
}

describe('the OpenAPI document', () => {
  it('is served at GET /api/v3/openapi.json and is valid OpenAPI 3.1 by a standard validator', async () => {
    const response = await fetch(`${t.kassa.urls.api}/api/v3/openapi.json`);
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
    expect(served.length).toBe(19);
    expect([...documented].sort()).toEqual([...served].sort());
  });

  it('every documented route answers (401 unsigned), none is a routing 404', async () => {
    const document = (await (await fetch(`${t.kassa.urls.api}/api/v3/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [path, ops] of Object.entries(document.paths)) {
      for (const method of Object.keys(ops)) {
        const url = `${t.kassa.urls.api}${path.replace('{projectId}', '1').replace(/\{\w+\}/g, 'abc')}`;
        const r = await fetch(url, { method: method.toUpperCase() });
        expect([`${method} ${path}`, r.status]).toEqual([`${method} ${path}`, 401]);
      }
    }
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
    expect(doc.paths[`${P}/events`]?.['get']?.parameters?.find((p) => p.name === 'limit')?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
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
