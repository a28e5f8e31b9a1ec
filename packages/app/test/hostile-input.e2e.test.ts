import { type RawAnswer, sendRaw } from '@kassa-payments/devkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { P, startTestKassa, type TestKassa } from './e2e.fixture.js';
import type { HostName } from '../src/server.js';

// The defects found by the hostile-input review (issue 9), one test each, on the assembled app.

let t: TestKassa;
beforeAll(async () => {
  t = await startTestKassa();
});
afterAll(() => t.stop());

const HOSTS: HostName[] = ['api', 'pci', 'widget', 'subs'];
const deepBody = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const json = (body: string) => ({ headers: [['Content-Type', 'application/json']] as [string, string][], body });
const errorCode = (a: RawAnswer) => (JSON.parse(a.body) as { error?: { code?: string } }).error?.code;
/** The log lines written so far, parsed. */
const lines = () =>
  t.logs
    .flatMap((chunk) => chunk.split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
/** Waits until `count` lines with message `msg` were written after line `since` (a request's line is written after its answer). */
const linesLogged = (since: number, count: number, msg = 'request') =>
  vi.waitFor(
    () =>
      expect(
        lines()
          .slice(since)
          .filter((l) => l['msg'] === msg).length,
      ).toBeGreaterThanOrEqual(count),
    { timeout: 5_000 },
  );

describe('1. a body nested 2,700 deep', () => {
  it('is never parsed on the subs host (no JSON is read there): its XML 404, and the process lives on', async () => {
    for (const path of ['/health', '/anything']) {
      const answer = await sendRaw(t.kassa.urls.subs, { method: 'POST', path, ...json(deepBody(2_700)) });
      expect([answer.status, answer.headers['content-type'], answer.body]).toEqual([404, 'text/xml; charset=utf-8', expect.stringContaining('<StatusName>MethodNotFound</StatusName>')]);
    }
    expect((await fetch(`${t.kassa.urls.subs}/health`)).status).toBe(200);
  });

  it.each(HOSTS.filter((h) => h !== 'subs'))('is 400 BAD_REQUEST on the %s host (even POST /health), and the process lives on', async (host) => {
    const before = lines().length;
    for (const path of ['/health', `/api/v3/projects/${P.main}/invoices`, '/anything']) {
      const answer = await sendRaw(t.kassa.urls[host], { method: 'POST', path, ...json(deepBody(2_700)) });
      expect([answer.status, errorCode(answer)]).toEqual([400, 'BAD_REQUEST']);
    }
    await linesLogged(before, 3);
    expect((await fetch(`${t.kassa.urls[host]}/health`)).status).toBe(200);
  });

  it('a body as deep as the limit still reaches the API (401 unsigned, not 400)', async () => {
    const answer = await sendRaw(t.kassa.urls.api, { method: 'POST', path: `/api/v3/projects/${P.main}/invoices`, ...json(`{"a":${'['.repeat(15)}${']'.repeat(15)}}`) });
    expect(answer.status).toBe(401);
  });
});

describe('2. a malformed percent-encoding in the path', () => {
  it.each([`/api/v3/projects/%ZZ/invoices`, `/api/v3/projects/${P.main}/invoices/%E0%A4%A`, `/api/v3/projects/${P.main}/contracts/%/authorize`])(
    '%s is 400 BAD_REQUEST in the envelope, logged at info without a stack',
    async (path) => {
      const before = lines().length;
      const answer = await sendRaw(t.kassa.urls.api, { method: path.includes('authorize') ? 'POST' : 'GET', path, headers: [] });
      expect([answer.status, errorCode(answer)]).toEqual([400, 'BAD_REQUEST']);
      await linesLogged(before, 1, 'client error');
      await linesLogged(before, 1);
      const written = lines().slice(before);
      expect(written.find((l) => l['msg'] === 'client error')).toMatchObject({ level: 30 });
      expect(written.filter((l) => Number(l['level']) >= 40)).toEqual([]);
      expect(JSON.stringify(written)).not.toContain('stack');
    },
  );
});

describe('4. card data under unexpected names never reaches the log', () => {
  const PAN = '4111111111111111';
  const PAN_SPACED = '5555 5555 5555 4444';
  const body = {
    client_ip: '203.0.113.7',
    PAN,
    number: 4012888888881881,
    card_number: PAN_SPACED,
    cvv2: '7351',
    CVV: '8462',
    customer: { type: 'mobile_phone', msisdn: '79001234567', email: 'anna@shop.example', bank_card: { cardholder: 'ANNA IVANOVA', Security_Code: '9173' } },
    order: { merchant_order_id: 'masking-1', description: `pay with 4111-1111-1111-1111 please` },
  };

  it('on every host, by name and by content; msisdn, email, client_ip and cardholder masked', async () => {
    const before = lines().length;
    const api = t.client();
    await api.send({ method: 'POST', path: `/api/v3/projects/${P.main}/invoices`, operation: 'createInvoice', body });
    await t.client({ host: 'pci' }).send({ method: 'POST', path: `/api/v3/projects/${P.main}/invoices`, operation: 'createInvoice', body });
    // A path that is no route: its JSON body is still read, masked and logged (the payment page's own
    // forms are never logged; the subs host reads no JSON at all, so nothing of it is logged there).
    for (const host of ['widget', 'subs'] as const) await sendRaw(t.kassa.urls[host], { method: 'POST', path: '/no-such-route', ...json(JSON.stringify(body)) });
    await linesLogged(before, 4);
    const logged = lines().filter((l) => l['msg'] === 'request' && JSON.stringify(l['body'] ?? '').includes('masking-1'));
    expect(logged.map((l) => l['host']).sort()).toEqual(['api', 'pci', 'widget']);
    expect(JSON.stringify(lines().filter((l) => l['host'] === 'subs'))).not.toContain('masking-1');
    // The lines' own fields (a millisecond time, the request id, the milliseconds taken) can hold a
    // four-digit code by chance: the search reads the rest, where a request's values go.
    const text = JSON.stringify(logged.map(({ time: _t, pid: _p, hostname: _h, requestId: _r, ms: _ms, ...rest }) => rest));
    for (const secret of [PAN, '4012888888881881', PAN_SPACED, '4111-1111-1111-1111', '7351', '8462', '9173', 'ANNA', '79001234567', 'anna@', '203.0.113.7']) {
      expect(text).not.toContain(secret);
    }
    for (const line of logged) {
      expect(line['body']).toMatchObject({
        PAN: '************1111',
        number: '************1881',
        card_number: '************4444',
        cvv2: '[redacted]',
        CVV: '[redacted]',
        client_ip: '203.0.*.*',
        customer: { msisdn: '7900****567', email: 'a***@shop.example', bank_card: { cardholder: '[redacted]', Security_Code: '[redacted]' } },
        order: { description: 'pay with ************1111 please' },
      });
    }
  });
});

describe('5. log amplification', () => {
  const big = JSON.stringify({ order: { description: 'x'.repeat(63_000) }, note: 'y'.repeat(100) });

  it('an unauthenticated 63 KB body is not logged at all; any logged body is cut to a few KB', async () => {
    const before = lines().length;
    const unsigned = await sendRaw(t.kassa.urls.api, { method: 'POST', path: `/api/v3/projects/${P.main}/invoices`, ...json(big) });
    expect(unsigned.status).toBe(401);
    const signed = await t.client({ version: 3 }).send({ method: 'POST', path: `/api/v3/projects/${P.main}/invoices`, operation: 'createInvoice', rawBody: big });
    expect(signed.status).toBe(400);
    await sendRaw(t.kassa.urls.widget, { method: 'POST', path: '/nowhere', ...json(big) });
    await linesLogged(before, 3);
    const written = t.logs.join('').split('\n').filter(Boolean).slice(before);
    const requestLines = written.filter((l) => l.includes('"msg":"request"'));
    expect(requestLines).toHaveLength(3);
    expect(JSON.parse(requestLines.find((l) => l.includes('"status":401')) ?? '{}')).not.toHaveProperty('body');
    for (const line of requestLines) expect(line.length).toBeLessThan(4_096);
  });
});
