import { CallerAuthentication } from '@kassa-payments/operations';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kassaUseCases } from '@kassa-payments/domain';
import { inMemoryPorts, InMemoryIdempotencyStore, projectWithDefaults } from '@kassa-payments/adapters-memory';
import { KassaClient } from '@kassa-payments/merchant-client';
import { serve, type Served } from '@kassa-payments/http-kit/testing';
import { createApiApp } from './api-app.js';
import { SignatureVerifier } from './signature.js';

// A store that is slow to keep an answer (a busy MongoDB or Redis): the answer must not leave before
// it is kept, or a client that retries the moment it has it is told 409 IDEMPOTENCY_KEY_IN_USE.
let served: Served;
let client: KassaClient;

beforeAll(async () => {
  const partner = { login: 'm', password: 'p', testCallbackAllowed: false };
  const project = projectWithDefaults({ id: 1, partnerLogin: 'm', clientIpRequired: false, defaultPrice: { minor: 100, currency: 'RUB' } });
  const ports = inMemoryPorts({ partners: [partner], projects: [project] });
  ports.clock.set(new Date());
  const store = new InMemoryIdempotencyStore();
  const complete = store.complete.bind(store);
  store.complete = async (...args: Parameters<typeof store.complete>) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return complete(...args);
  };
  const app = createApiApp({
    useCases: kassaUseCases(ports),
    projects: ports.projects,
    callers: new CallerAuthentication({ projects: ports.projects, clock: ports.clock }),
    carriers: ports.carriers,
    paymentPages: ports.paymentPages,
    clock: ports.clock,
    mode: 'test',
    logger: pino({ level: 'silent' }),
    signatures: new SignatureVerifier(),
    idempotency: { store, hours: 24 },
  });
  served = await serve(app);
  client = new KassaClient({ baseUrl: served.base, login: 'm', password: 'p', retries: 0, headers: { 'Idempotency-Key': 'race-1' } });
});
afterAll(() => served.close());

describe('Idempotency-Key with a slow store', () => {
  it('a retry sent the moment the first answer arrives is replayed that answer', async () => {
    const body = { customer: { type: 'mobile_phone' as const, msisdn: '79001234567' }, order: { merchant_order_id: 'race-1' } };
    const first = await client.createInvoice(1, body);
    const again = await client.createInvoice(1, body);
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect(again.ok && first.ok && again.data.invoice_id === first.data.invoice_id).toBe(true);
  });
});
