import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.js';
import { dataOf, MERCHANT, P, PRODUCTION, startTestKassa, type TestKassa } from './e2e.fixture.js';

// `kassa trigger` against a running Kassa, as a developer runs it: credentials from the
// environment, the objects made through the JSON API, the event's id printed once it is recorded.
let t: TestKassa;
beforeAll(async () => {
  t = await startTestKassa();
}, 60_000);
afterAll(() => t.stop());

async function kassa(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const base = { KASSA_API_URL: t.kassa.urls.api, KASSA_LOGIN: MERCHANT.login, KASSA_PASSWORD: MERCHANT.password, KASSA_PROJECT: String(P.noIp) };
  const code = await runCli(args, { env: { ...base, ...env }, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('kassa trigger (the test environment only)', { timeout: 60_000 }, () => {
  it.each(['contract.authorized', 'contract.closed', 'payment.updated', 'refund.completed'])('%s: prints the ids and the event id, which the events list has', async (event) => {
    const run = await kassa(['trigger', event, '--json']);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const made = JSON.parse(run.out.join('\n')) as { event: string; event_id: string; invoice_id?: string };
    expect(made.event).toBe(event);
    const listed = dataOf(await t.client().listEvents(P.noIp, { type: event as 'payment.updated', limit: 100 }));
    expect(listed.items.some((e) => e.id === made.event_id)).toBe(true);
  });

  it('payment.updated --declined makes a failed charge; --override sets request fields', async () => {
    const run = await kassa([
      'trigger',
      'payment.updated',
      '--declined',
      '--override',
      'order.price.amount=99.00',
      '--override',
      'order.price.currency=RUB',
      '--override',
      'order.description=from trigger',
      '--json',
    ]);
    expect(run.code, run.err.join('\n')).toBe(0);
    const { invoice_id } = JSON.parse(run.out.join('\n')) as { invoice_id: string };
    const invoice = dataOf(await t.client().getInvoice(P.noIp, invoice_id));
    expect([invoice.payment_status, invoice.price.amount]).toEqual(['NOT_PAID', '99.00']);
  });

  it('says why and exits non-zero: an unknown event, a bad override, missing credentials, a refused signature', async () => {
    expect(await kassa(['trigger', 'invoice.teleported'])).toMatchObject({ code: 1, err: [expect.stringContaining('unknown event')] });
    expect(await kassa(['trigger', 'contract.authorized', '--override', 'no-equals'])).toMatchObject({ code: 1, err: [expect.stringContaining('PATH=VALUE')] });
    expect(await kassa(['trigger', 'contract.authorized'], { KASSA_PASSWORD: '' })).toMatchObject({ code: 1, err: [expect.stringContaining('KASSA_PASSWORD')] });
    expect(await kassa(['trigger', 'contract.authorized'], { KASSA_PASSWORD: 'not-the-password' })).toMatchObject({ code: 2, err: [expect.stringContaining('AUTH_INVALID_SIGNATURE')] });
  });

  it('refuses production, where its objects would be real', async () => {
    const production = await startTestKassa(PRODUCTION);
    try {
      const run = await kassa(['trigger', 'contract.authorized'], { KASSA_API_URL: production.kassa.urls.api });
      expect(run.code).toBe(2);
      expect(run.err.join('\n')).toContain('test environment only');
    } finally {
      await production.stop();
    }
  });
});
