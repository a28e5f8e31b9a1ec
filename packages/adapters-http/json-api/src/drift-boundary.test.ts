import { CallerAuthentication } from '@kassa-payments/operations';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kassaUseCases } from '@kassa-payments/domain';
import { inMemoryPorts, projectWithDefaults, type InMemoryPorts } from '@kassa-payments/adapters-memory';
import { KassaClient, timestampOf } from '@kassa-payments/merchant-client';
import { serve, type Served } from '@kassa-payments/http-kit/testing';
import { createApiApp } from './api-app.js';
import { SignatureVerifier } from './signature.js';

let served: Served;
let ports: InMemoryPorts;
let base: string;
const partner = { login: 'm', password: 'p', testCallbackAllowed: false };
const project = projectWithDefaults({ id: 1, partnerLogin: 'm' });

beforeAll(async () => {
  ports = inMemoryPorts({ partners: [partner], projects: [project] });
  ports.clock.set('2026-11-22T12:00:00.000Z');
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
  });
  served = await serve(app);
  base = served.base;
});
afterAll(() => served.close());

describe('the 20-minute drift boundary, on a fixed server clock', () => {
  it('exactly 20:00 either way is accepted; 20:01 is AUTH_INVALID_TIMESTAMP', async () => {
    const serverNow = Date.parse('2026-11-22T12:00:00.000Z');
    const at = async (offsetSeconds: number) => {
      const client = new KassaClient({ baseUrl: base, login: 'm', password: 'p', now: () => new Date(serverNow + offsetSeconds * 1000) });
      const r = await client.getInvoice(1, 'unknown');
      return `${r.status} ${r.ok ? 'ok' : r.error.code}`;
    };
    expect(await at(-1200)).toBe('404 INVOICE_NOT_FOUND');
    expect(await at(1200)).toBe('404 INVOICE_NOT_FOUND');
    expect(await at(-1201)).toBe('401 AUTH_INVALID_TIMESTAMP');
    expect(await at(1201)).toBe('401 AUTH_INVALID_TIMESTAMP');
    expect(timestampOf(new Date(serverNow))).toBe('2026-11-22T12:00:00Z');
  });
});
