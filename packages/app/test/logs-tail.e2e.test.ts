import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestStreamEntry } from '@kassa-payments/protocol';
import { runCli } from '../src/cli/program.js';
import { eventually, fresh, MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// `kassa logs tail` against a running Kassa: the project's calls made after it starts, filtered,
// and with --json their bodies as the requests page keeps them (masked).
let t: TestKassa;
beforeAll(async () => {
  t = await startTestKassa();
}, 60_000);
afterAll(() => t.stop());

const CARD = '4111111111111111';

/** `kassa logs tail ARGS` running until `stop`: its lines so far. */
function tail(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const controller = new AbortController();
  const env = { KASSA_API_URL: t.kassa.urls.api, KASSA_LOGIN: MERCHANT.login, KASSA_PASSWORD: MERCHANT.password, KASSA_PROJECT: String(P.noIp) };
  const code = runCli(['logs', 'tail', ...args], { env, out: (l) => out.push(l), err: (l) => err.push(l), signal: controller.signal });
  return {
    out,
    err,
    started: () =>
      eventually(
        async () => err.some((l) => l.startsWith('tailing')),
        (ok) => ok,
        10_000,
      ),
    stop: async () => {
      controller.abort();
      return code;
    },
  };
}

describe('kassa logs tail', { timeout: 60_000 }, () => {
  it('prints the calls made after it starts, one line each; --status and --path filter; --json carries the masked bodies, never a card number or the PIN', async () => {
    const client = t.client();
    await client.checkBilling(P.noIp, { msisdn: '79001234567' });
    const all = tail([]);
    const failures = tail(['--status', '4xx', '--path', '/contracts', '--json']);
    expect(await all.started()).toBe(true);
    expect(await failures.started()).toBe(true);

    const f = fresh();
    const contract = await client.createContract(P.noIp, { customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid });
    const contractId = contract.ok ? contract.data.contract_id : '';
    await client.authorizeContract(P.noIp, contractId, { pin_code: '9876', merchant_contract_id: f.mcid });
    // A card number where it does not belong: refused (400), and recorded masked.
    await client.send({ method: 'POST', path: `/api/v3/projects/${P.noIp}/contracts`, operation: 'createContract', body: { merchant_contract_id: f.mcid, card_number: CARD } });
    await client.getInvoice(P.noIp, '00000000-0000-4000-8000-000000000000');

    const lines = await eventually(
      async () => all.out,
      (l) => l.length >= 4,
      10_000,
    );
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\S+Z {2}POST \/api\/v3\/projects\/:projectId\/contracts {2}201 {2}\S+ {2}\d+ ms$/);
    expect(lines.map((l) => l.split('  ')[2])).toEqual(['201', '422', '400', '404']);
    // The call made before it started is not shown.
    expect(lines.join('\n')).not.toContain('billing/check');

    const json = await eventually(
      async () => failures.out,
      (l) => l.length >= 2,
      10_000,
    );
    const calls = json.map((l) => JSON.parse(l) as RequestStreamEntry);
    expect(calls.map((c) => [c.method, c.status])).toEqual([
      ['POST', 422],
      ['POST', 400],
    ]);
    expect(calls[0]?.route).toBe('/api/v3/projects/:projectId/contracts/:contractId/authorize');
    expect(calls[0]?.response).toContain('CONTRACT_NOT_AUTHORIZED');
    expect(calls[1]?.request).toContain('card_number');
    const printed = [...all.out, ...failures.out].join('\n');
    for (const secret of [CARD, MERCHANT.password]) expect(printed).not.toContain(secret);
    // The PIN as a value of its own: the printed ids (UUIDs) may hold the same four digits by chance.
    expect(printed).not.toMatch(/(?<![\w-])9876(?![\w-])/);

    expect(await all.stop()).toBe(0);
    expect(await failures.stop()).toBe(0);
  });

  it('refuses a bad --status (400 named) and bad credentials (exit 2); a project holds at most 5 streams (429 with Retry-After)', async () => {
    const code = await runCli(['logs', 'tail', '--status', 'abc'], {
      env: { KASSA_API_URL: t.kassa.urls.api, KASSA_LOGIN: MERCHANT.login, KASSA_PASSWORD: MERCHANT.password, KASSA_PROJECT: String(P.noIp) },
      out: () => undefined,
      err: (l) => expect(l).toMatch(/400 BAD_REQUEST: status: 4xx, 5xx or a status code/),
    });
    expect(code).toBe(2);
    const wrong: string[] = [];
    expect(
      await runCli(['logs', 'tail'], {
        env: { KASSA_API_URL: t.kassa.urls.api, KASSA_LOGIN: MERCHANT.login, KASSA_PASSWORD: 'wrong-password', KASSA_PROJECT: String(P.noIp) },
        out: () => undefined,
        err: (l) => wrong.push(l),
      }),
    ).toBe(2);
    expect(wrong.join('\n')).toContain('refused the credentials');

    const client = t.client();
    // The event stream's hostile input: 400 naming what is wrong, never a 5xx, never a stream.
    const events = `${t.kassa.urls.api}/api/v3/projects/${P.main}/events/stream`;
    const hostile: [Record<string, string>, Record<string, string>, RegExp][] = [
      [{}, { 'Last-Event-ID': 'garbage garbage' }, /Last-Event-ID/],
      [{}, { 'Last-Event-ID': 'x'.repeat(5_000) }, /Last-Event-ID/],
      [{}, { 'Last-Event-ID': 'a, b' }, /Last-Event-ID/],
      [{ since: 'yesterday!' }, {}, /since/],
      [{ since: '2026-02-31T00:00:00Z' }, {}, /since/],
      [{ since: 'no-such-event' }, {}, /since: no event "no-such-event"/],
      [{}, { 'Last-Event-ID': 'an-event-id' }, /Last-Event-ID: the id of an entry of this stream \(digits\)/],
      [{ types: 'payment.updated,,' }, {}, /types/],
      [{ types: 'subscription.activated' }, {}, /types/],
      [{ types: 'x'.repeat(401) }, {}, /types/],
    ];
    for (const [query, headers, message] of hostile) {
      const r = await fetch(`${events}?${new URLSearchParams(query)}`, { headers: { ...client.signedHeaders({ operation: 'streamEvents', query }), ...headers } });
      const body = (await r.json()) as { error: { code: string; message: string } };
      expect([r.status, body.error.code, body.error.message]).toEqual([400, 'BAD_REQUEST', expect.stringMatching(message)]);
    }
    const url = `${t.kassa.urls.api}/api/v3/projects/${P.main}/requests/stream`;
    const open = await Promise.all(Array.from({ length: 5 }, () => fetch(url, { headers: client.signedHeaders({ operation: 'streamRequests', query: {} }) })));
    expect(open.map((r) => [r.status, r.headers.get('content-type')])).toEqual(Array.from({ length: 5 }, () => [200, 'text/event-stream; charset=utf-8']));
    const sixth = await fetch(url, { headers: client.signedHeaders({ operation: 'streamRequests', query: {} }) });
    expect([sixth.status, sixth.headers.get('retry-after'), ((await sixth.json()) as { error: { code: string } }).error.code]).toEqual([429, '5', 'STREAM_LIMIT_EXCEEDED']);
    for (const r of open) await r.body?.cancel();
    // A closed stream frees its place.
    const again = await eventually(
      async () => {
        const r = await fetch(url, { headers: client.signedHeaders({ operation: 'streamRequests', query: {} }) });
        await r.body?.cancel();
        return r.status;
      },
      (s) => s === 200,
      5_000,
    );
    expect(again).toBe(200);
  });

  it("a user, password or query token inside an endpoint URL is masked in the requests stream and the app log (the merchant's own answers keep it)", async () => {
    const client = t.client();
    const stream = tail(['--json']);
    expect(await stream.started()).toBe(true);
    // fetch sends no URL with credentials: each attempt fails, and undici's message quotes the URL.
    const url = 'http://hook-user:hook-pass-5151@127.0.0.1:9/hooks?token=tok-7777&order=1';
    const made = await client.createWebhookEndpoint(P.noIp, { url, event_types: ['contract.authorized'] });
    expect(made.ok ? made.data.url : made.error.code).toBe(url);
    const f = fresh();
    const contract = await client.createContract(P.noIp, { customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid });
    await client.authorizeContract(P.noIp, contract.ok ? contract.data.contract_id : '', { pin_code: '1234', merchant_contract_id: f.mcid });
    const endpointId = made.ok ? made.data.id : '';
    const [delivery] = await eventually(
      async () => {
        const r = await client.listWebhookDeliveries(P.noIp, { endpointId });
        return r.ok ? r.data.items : [];
      },
      (d) => (d[0]?.attempts.length ?? 0) >= 1,
      10_000,
    );
    expect(delivery?.attempts[0]?.error).toContain('http://***@127.0.0.1:9/hooks?token=***&order=***');
    await eventually(
      async () => stream.out.filter((l) => l.includes('webhook_deliveries')).length,
      (n) => n >= 1,
      10_000,
    );
    await stream.stop();
    const recorded = stream.out.join('\n');
    expect(recorded).toContain('http://***@127.0.0.1:9/hooks?token=***&order=***');
    for (const secret of ['hook-pass-5151', 'hook-user', 'tok-7777']) {
      expect(recorded, secret).not.toContain(secret);
      expect(t.logs.join(''), secret).not.toContain(secret);
    }
    if (made.ok) await client.deleteWebhookEndpoint(P.noIp, endpointId);
  });
});
