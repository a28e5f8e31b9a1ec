import type { ServerResponse } from 'node:http';
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
/** The response of the request being served (one at a time here). */
let answering: ServerResponse | undefined;
/** Answers kept, and those whose response had already ended when they were kept. */
let keptAnswers = 0;
let endedBeforeKept = 0;

beforeAll(async () => {
  const partner = { login: 'm', password: 'p', testCallbackAllowed: false };
  const project = projectWithDefaults({ id: 1, partnerLogin: 'm', clientIpRequired: false, defaultPrice: { minor: 100, currency: 'RUB' } });
  const ports = inMemoryPorts({ partners: [partner], projects: [project] });
  ports.clock.set(new Date());
  const store = new InMemoryIdempotencyStore();
  const complete = store.complete.bind(store);
  // Slow to keep it: several turns of the event loop, in which an answer already ended would be
  // on its way; whether it was is looked at before the answer is kept.
  store.complete = async (...args: Parameters<typeof store.complete>) => {
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    if (answering?.writableEnded) endedBeforeKept += 1;
    keptAnswers += 1;
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
  served = await serve((req, res) => {
    answering = res;
    app(req, res);
  });
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
    // The first answer was kept once, and had not left when it was.
    expect([keptAnswers, endedBeforeKept]).toEqual([1, 0]);
  });
});
