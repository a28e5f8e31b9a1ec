import { CallerAuthentication } from '@kassa-payments/operations';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kassaUseCases } from '@kassa-payments/domain';
import { inMemoryPorts, projectWithDefaults } from '@kassa-payments/adapters-memory';
import { KassaClient } from '@kassa-payments/merchant-client';
import { serve, type Served } from '@kassa-payments/http-kit/testing';
import { createApiApp } from './api-app.js';
import { SignatureVerifier } from './signature.js';

let served: Served;
let client: KassaClient;
const logged: string[] = [];

beforeAll(async () => {
  const partner = { login: 'm', password: 'p', testCallbackAllowed: false };
  const project = projectWithDefaults({ id: 1, partnerLogin: 'm', clientIpRequired: false, defaultPrice: { minor: 100, currency: 'RUB' } });
  const ports = inMemoryPorts({ partners: [partner], projects: [project] });
  ports.clock.set(new Date());
  // The storage is down: every invoice read and write throws, as a driver does when it loses the server.
  const down = () => Promise.reject(new Error('connection refused: storage is down'));
  const invoices = Object.assign(Object.create(ports.invoices) as typeof ports.invoices, { get: down, create: down, findByMerchantOrderId: down, save: down });
  const logger = pino(
    { level: 'info' },
    new Writable({
      write: (c: Buffer, _e, done) => {
        logged.push(c.toString());
        done();
      },
    }),
  );
  const app = createApiApp({
    useCases: kassaUseCases({ ...ports, invoices }),
    projects: ports.projects,
    callers: new CallerAuthentication({ projects: ports.projects, clock: ports.clock }),
    carriers: ports.carriers,
    paymentPages: ports.paymentPages,
    clock: ports.clock,
    mode: 'test',
    logger,
    signatures: new SignatureVerifier(),
  });
  served = await serve(app);
  // No retry: the test looks at the 503 itself (the client would retry it after its Retry-After).
  client = new KassaClient({ baseUrl: served.base, login: 'm', password: 'p', retries: 0 });
});
afterAll(() => served.close());

describe('infrastructure failure', () => {
  it('answers 503 SERVICE_UNAVAILABLE in the envelope with Retry-After, and logs the cause', async () => {
    const created = await client.createInvoice(1, { customer: { type: 'mobile_phone', msisdn: '79001234567' }, order: { merchant_order_id: 'o-1' } });
    expect([created.status, !created.ok && created.error.code, created.headers.get('retry-after')]).toEqual([503, 'SERVICE_UNAVAILABLE', '5']);
    const read = await client.getInvoice(1, 'any');
    expect([read.status, !read.ok && read.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(logged.join('')).toContain('storage is down');
  });
});
