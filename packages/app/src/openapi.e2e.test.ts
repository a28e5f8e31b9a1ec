import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutes, invoiceRoutes, webhookRoutes, type HttpDeps } from '@kassa/adapters-http';
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
  return [contractRoutes(deps), invoiceRoutes(deps), webhookRoutes(deps)].flatMap((router) =>
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
    expect(served.length).toBe(13);
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
});
