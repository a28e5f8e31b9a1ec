import { CallerAuthentication } from '@kassa-payments/operations';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { kassaUseCases } from '@kassa-payments/domain';
import { inMemoryPorts, projectWithDefaults } from '@kassa-payments/adapters-memory';
import { InvoiceManagementService } from './invoice-management-service.js';
import { signXmlRequest } from '@kassa-payments/protocol';

// Our own failure (the storage is down) is HTTP 503, ResultCode 900 and Retry-After in XML; the
// document never reaches the failure log. The rest of the service is tested over HTTP (packages/app).
describe('InvoiceManagementService when the storage fails', () => {
  const partner = { login: 'm', password: 'p', testCallbackAllowed: false };
  const ports = inMemoryPorts({ partners: [partner], projects: [projectWithDefaults({ id: 1, partnerLogin: 'm', clientIpRequired: false })] });
  const now = new Date('2026-11-23T10:00:00Z');
  ports.clock.set(now);
  const down = () => Promise.reject(new Error('connection refused: storage is down'));
  const invoices = Object.assign(Object.create(ports.invoices) as typeof ports.invoices, { get: down, create: down, findByMerchantOrderId: down, save: down });
  const failures: unknown[] = [];
  const service = new InvoiceManagementService({
    useCases: kassaUseCases({ ...ports, invoices }),
    projects: ports.projects,
    callers: new CallerAuthentication({ projects: ports.projects, clock: ports.clock }),
    carriers: ports.carriers,
    paymentPages: ports.paymentPages,
    clock: ports.clock,
    logFailure: (e) => failures.push(e),
    mode: 'test',
  });
  const nowUtc = '2026-11-23T10:00:00Z';
  const body = signXmlRequest(
    `<Request><Header><Authentication><Login>m</Login><NowUtc>${nowUtc}</NowUtc><Signature></Signature></Authentication></Header><GetInvoiceRequest><ProjectID>1</ProjectID><InvoiceID>i-1</InvoiceID></GetInvoiceRequest></Request>`,
    'p',
    'm',
    nowUtc,
  );
  const signature = /<Signature>([^<]+)</.exec(body)?.[1] ?? 'none';

  it('answers 503 with ResultCode 900 and Retry-After, and logs the failure without the document', async () => {
    const answer = await service.handle({ method: 'POST', body: Buffer.from(body), contentType: 'text/xml', callerIp: '127.0.0.1' }, false);
    expect([answer.status, answer.headers?.['retry-after']]).toEqual([503, '1']);
    expect(answer.body).toContain('<ResultCode>900</ResultCode>');
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toContain('storage is down');
    // inspect, not JSON.stringify: an Error stringifies to {} and would hide what it carries.
    expect(inspect(failures)).not.toContain(signature);
  });
});
