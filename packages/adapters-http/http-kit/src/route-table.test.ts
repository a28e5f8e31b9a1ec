import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, methodNotAllowed, notFound } from './error-handler.js';
import { RouteTable } from './route-table.js';
import { serve, type Served } from './testing/serve.js';

// The route table answers as Express 5's own router did: the paths it matches, the parameters it
// gives, what it leaves to the 405 and the 404.
let served: Served;

beforeAll(async () => {
  const app = express();
  const routes = new RouteTable()
    .get('/api/v3/projects/:projectId/invoices/:invoiceId', (req, res) => void res.json({ params: req.params, route: (req.route as { path: string }).path }))
    .post('/api/v3/projects/:projectId/invoices', (_req, res) => void res.status(201).json({ created: true }));
  routes.mount(app);
  app.use(methodNotAllowed(app, 'test'));
  app.use(notFound('test'));
  app.use(errorHandler('test', pino({ level: 'silent' })));
  served = await serve(app);
});
afterAll(() => served.close());

const get = async (path: string, method = 'GET') => {
  const res = await fetch(`${served.base}${path}`, { method });
  const text = await res.text();
  return { status: res.status, allow: res.headers.get('allow'), body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>) };
};

describe('the route table', () => {
  it('matches any case and a trailing slash, decodes parameters (however long), and names the route template', async () => {
    const long = 'x'.repeat(300);
    expect(await get(`/API/V3/projects/7/invoices/a%20B/`)).toMatchObject({
      status: 200,
      body: { params: { projectId: '7', invoiceId: 'a B' }, route: '/api/v3/projects/:projectId/invoices/:invoiceId' },
    });
    expect(await get(`/api/v3/projects/7/invoices/${long}`)).toMatchObject({ status: 200, body: { params: { invoiceId: long } } });
  });

  it('answers HEAD for a GET route, 405 with Allow for another method, 404 for an empty parameter or no route, 400 for a malformed percent-encoding', async () => {
    expect((await get('/api/v3/projects/7/invoices/abc', 'HEAD')).status).toBe(200);
    expect(await get('/api/v3/projects/7/invoices/abc', 'DELETE')).toMatchObject({ status: 405, allow: 'GET, HEAD' });
    expect((await get('/api/v3/projects/7/invoices//')).status).toBe(404);
    expect((await get('/api/v3/projects/7/nothing')).status).toBe(404);
    expect(await get('/api/v3/projects/7/invoices/%E0%A4%A')).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
  });
});
