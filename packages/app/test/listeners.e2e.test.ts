import { exchange, parseAnswer, type RawAnswer, sendRaw } from '@kassa-payments/devkit';
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { P, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { configSchema } from '../src/config.js';
import { CONNECTION_LIMITS } from '../src/connection-guard.js';
import { createListener, holdUntilServed, LISTENER_TIMEOUTS } from '../src/listeners.js';
import type { HostName } from '../src/server.js';

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
    t = await startTestKassa({}, { timeouts: { headersMs: 150, requestMs: 300, keepAliveMs: 300, checkEveryMs: 25 } });
  });
  afterAll(() => t.stop());

  it.each(HOSTS)('%s: incomplete headers and an incomplete body are answered 408 in its error shape and closed', async (host) => {
    const started = Date.now();
    // A path that reads its body: on the subscriptions host (which reads no JSON) a method of the service.
    const reading = host === 'subs' ? 'POST /Http/Services/GetSubscriptions HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml' : 'POST /health HTTP/1.1\r\nHost: x\r\nContent-Type: application/json';
    // Both at once: each waits for the listener to close it.
    const [headers, body] = await Promise.all([
      exchangeHalfOpen(t.kassa.urls[host], 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: '),
      exchangeHalfOpen(t.kassa.urls[host], `${reading}\r\nContent-Length: 100\r\n\r\n{"a":`),
    ]);
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const answer of [headers, body]) {
      expect(answer.status).toBe(408);
      expectErrorShape(host, answer);
    }
  });
});

/** A refusal in the host's own shape: the JSON envelope, or on the subscriptions host its XML Response. */
function expectErrorShape(host: HostName, answer: RawAnswer): void {
  if (host === 'subs') {
    expect(answer.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(answer.body).toMatch(/^<\?xml[^>]*\?><Response><StatusID>\d+<\/StatusID><StatusName>\w+<\/StatusName>/);
    return;
  }
  expect(answer.headers['content-type']).toContain('application/json');
  expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
}

describe('idle connections: a silent one is closed, and a client holding the cap keeps no one out', () => {
  let t: TestKassa;
  beforeAll(async () => {
    t = await startTestKassa({ KASSA_MAX_CONNECTIONS: '50' }, { firstByteMs: 1_500 });
  });
  afterAll(() => t.stop());

  it('the documented defaults: 2,000 connections a listener (KASSA_MAX_CONNECTIONS), 5 s for the first byte', () => {
    expect(CONNECTION_LIMITS).toEqual({ maxConnections: 2_000, firstByteMs: 5_000, stalledWriteMs: 30_000 });
    expect(configSchema.parse({}).KASSA_MAX_CONNECTIONS).toBe(2_000);
  });

  it('70 silent connections on the API listener (the cap is 50): every listener answers meanwhile, and the silent ones are closed within seconds', async () => {
    const { hostname, port } = new URL(t.kassa.urls.api);
    let closed = 0;
    const held = await Promise.all(
      Array.from(
        { length: 70 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
            socket.on('error', reject);
            socket.on('close', () => (closed += 1));
          }),
      ),
    );
    // The cap made room: 20 of the oldest silent connections went as the last ones came. The client's
    // connect fires at the kernel's handshake, before the server takes the socket: wait for the server
    // (not longer than the first byte's 1,500 ms would take the rest), then no more than 20 went.
    await vi.waitFor(() => expect(closed).toBeGreaterThanOrEqual(20), { timeout: 1_000, interval: 5 });
    expect(closed).toBe(20);
    for (const host of HOSTS) {
      const res = await fetch(`${t.kassa.urls[host]}/health`);
      expect(res.status, host).toBe(200);
    }
    await vi.waitFor(() => expect(closed).toBe(held.length), { timeout: 5_000, interval: 20 });
    // A connection that sent a request is not silent: it stays for its keep-alive time.
    const res = await fetch(`${t.kassa.urls.api}/health`);
    expect(res.status).toBe(200);
  });

  it('50 connections whose requests trickle their bodies (the cap is 50): a newcomer takes the place of the oldest, and is answered', async () => {
    const { hostname, port } = new URL(t.kassa.urls.api);
    let closed = 0;
    const slow = await Promise.all(
      Array.from(
        { length: 50 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const socket = connect({ host: hostname, port: Number(port) }, () => {
              // Headers complete, a body of 100 bytes of which 5 come: a request still receiving its body.
              // (Expect: 100-continue: the listener says when it has read the headers.)
              socket.write(`POST /api/v3/projects/${P.main}/invoices HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n{"a":`);
            });
            socket.once('data', (c: Buffer) => (c.toString('latin1').startsWith('HTTP/1.1 100 Continue') ? resolve(socket) : reject(new Error(c.toString('latin1')))));
            socket.on('error', reject);
            socket.on('close', () => (closed += 1));
          }),
      ),
    );
    // Every one of them is taken, its request receiving its body: none is closed.
    expect(closed).toBe(0);
    for (let i = 0; i < 3; i++) expect((await fetch(`${t.kassa.urls.api}/health`, { headers: { connection: 'close' } })).status).toBe(200);
    // The listener closed it as the newcomer came, before answering: its client sees it closed.
    await vi.waitFor(() => expect(closed).toBeGreaterThanOrEqual(1), { timeout: 5_000, interval: 5 });
    // The first newcomer took the oldest slow connection's place; the next ones found the place it freed.
    expect(closed).toBe(1);
    for (const socket of slow) socket.destroy();
  });
});

describe("malformed HTTP is answered in the host's shape (the envelope; XML on the subscriptions host), not with a bare status line", () => {
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
    for (const answer of [garbage, hugeHeader, badExpect]) expectErrorShape(host, answer);
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

describe('a listener is bound before its app is built (its port names the links)', () => {
  it('holds the requests it takes meanwhile, in their order, and hands them to the app once it is on', async () => {
    const server = createListener();
    const serve = holdUntilServed(server);
    let taken = 0;
    server.on('request', () => (taken += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const answers = [1, 2].map((n) => fetch(`http://127.0.0.1:${port}/early/${n}`).then(async (r) => `${r.status} ${await r.text()}`));
      const seen: string[] = [];
      // Without the hold, these requests would wait for ever: nothing answers a listener without an app.
      await vi.waitFor(() => expect(taken).toBe(2), { timeout: 5_000, interval: 5 });
      serve((req, res) => {
        seen.push(req.url ?? '');
        res.end(`served ${req.url}`);
      });
      expect(await Promise.all(answers)).toEqual(['200 served /early/1', '200 served /early/2']);
      expect(seen).toEqual(['/early/1', '/early/2']);
      expect(await (await fetch(`http://127.0.0.1:${port}/later`)).text()).toBe('served /later');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
