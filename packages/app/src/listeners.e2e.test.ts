import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { exchange, parseAnswer, sendRaw, type RawAnswer } from './fuzz/raw-http.js';
import { createListener, LISTENER_TIMEOUTS } from './listeners.js';
import type { HostName } from './server.js';

const HOSTS: HostName[] = ['api', 'pci', 'widget', 'subs'];

describe('3. KASSA_TRUST_PROXY: the caller IP from X-Forwarded-For only as far as the proxies are trusted', () => {
  // Project P.whitelisted admits only 10.9.9.9. The test's requests come from 127.0.0.1, which plays
  // the proxy: it appends the address it saw to what the client sent.
  const getInvoice = (t: TestKassa, forwardedFor?: string) => {
    const id = randomUUID();
    return t.client().send({ method: 'GET', path: `/api/v3/projects/${P.whitelisted}/invoices/${id}`, operation: 'getInvoice', pathId: id, headers: { 'X-Forwarded-For': forwardedFor } });
  };

  it.each(['1', '127.0.0.1/8', 'loopback'])('KASSA_TRUST_PROXY=%s: a client cannot choose its IP by sending X-Forwarded-For', async (setting) => {
    const t = await startTestKassa({ KASSA_TRUST_PROXY: setting });
    try {
      // The client forged 10.9.9.9; the proxy appended the client's real address.
      expect((await getInvoice(t, '10.9.9.9, 198.51.100.20')).status).toBe(403);
      // The proxy saw 10.9.9.9 itself: admitted (404: the invoice is unknown, the caller is not).
      expect((await getInvoice(t, '198.51.100.20, 10.9.9.9')).status).toBe(404);
      expect((await getInvoice(t)).status).toBe(403);
    } finally {
      await t.stop();
    }
  });

  it('by default no X-Forwarded-For is believed', async () => {
    const t = await startTestKassa();
    try {
      expect((await getInvoice(t, '10.9.9.9')).status).toBe(403);
    } finally {
      await t.stop();
    }
  });
});

describe('7. slow clients: every listener closes them', () => {
  it('the documented defaults: 10 s for headers, 30 s for the request, 5 s keep-alive, checked every second', () => {
    expect(LISTENER_TIMEOUTS).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, checkEveryMs: 1_000 });
    const server = createListener();
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([10_000, 30_000, 5_000]);
  });

  let t: TestKassa;
  beforeAll(async () => {
    t = await startTestKassa({}, { timeouts: { headersMs: 400, requestMs: 800, keepAliveMs: 300, checkEveryMs: 100 } });
  });
  afterAll(() => t.stop());

  it.each(HOSTS)('%s: incomplete headers and an incomplete body are answered 408 in the envelope and closed', async (host) => {
    const started = Date.now();
    const headers = await exchangeHalfOpen(t.kassa.urls[host], 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const body = await exchangeHalfOpen(t.kassa.urls[host], 'POST /health HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const answer of [headers, body]) {
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    }
  });
});

describe('malformed HTTP is answered in the envelope, not with a bare status line', () => {
  let t: TestKassa;
  beforeAll(async () => {
    t = await startTestKassa();
  });
  afterAll(() => t.stop());

  it.each(HOSTS)('%s', async (host) => {
    const base = t.kassa.urls[host];
    const garbage = await exchange(base, Buffer.from('GARBAGE\r\n\r\n'));
    const hugeHeader = await sendRaw(base, { method: 'GET', path: '/health', headers: [['X-Big', 'x'.repeat(20_000)]] });
    const badExpect = await sendRaw(base, { method: 'POST', path: '/health', headers: [['Expect', 'the-unexpected']], body: '{}' });
    expect([garbage.status, hugeHeader.status, badExpect.status]).toEqual([400, 431, 417]);
    for (const answer of [garbage, hugeHeader, badExpect]) {
      expect(answer.headers['content-type']).toContain('application/json');
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    }
  });
});

/** Sends `text` and keeps the connection open without sending more; resolves with the server's answer. */
function exchangeHalfOpen(base: string, text: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(text));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('still open after 10 s')), 10_000);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      const answer = parseAnswer(Buffer.concat(chunks));
      if (answer) resolve(answer);
      else reject(new Error('closed without an answer'));
    });
  });
}
