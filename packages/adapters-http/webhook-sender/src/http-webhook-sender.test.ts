import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { SystemClock } from '@kassa-payments/domain';
import { verifyWebhook } from '@kassa-payments/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serve, type Served } from '@kassa-payments/http-kit/testing';
import { isPublicAddress } from './callback-targets.js';
import { HttpWebhookSender, SLOW_ENDPOINT_MS } from './http-webhook-sender.js';
import { addressRule } from './private-networks.js';

// The sender against a real receiver that answers each path its own way.
const SECRET = `whsec_${Buffer.from('sender-test-secret-0123456').toString('base64')}`;
const seen: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
const answers: Record<string, (res: ServerResponse) => void> = {
  '/ok': (res) => res.writeHead(200).end('thanks'),
  '/accepted': (res) => res.writeHead(202).end(),
  '/moved': (res) => res.writeHead(301, { location: '/ok' }).end(),
  '/gone': (res) => res.writeHead(410).end('unsubscribed'),
  '/busy': (res) => res.writeHead(429, { 'retry-after': '120' }).end(),
  '/down': (res) => res.writeHead(503, { 'retry-after': '1' }).end(),
  '/error': (res) => res.writeHead(500).end('x'.repeat(5000)),
  '/slow': () => undefined, // never answers
};
let served: Served;
beforeAll(async () => {
  served = await serve((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      (answers[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
    });
  });
});
afterAll(() => served.close());

// 1.5 s: with the whole suite on two cores an answer from the local receiver has taken more than 300 ms.
// The receiver is on loopback: its answers are kept as on a developer's own machine.
const sender = new HttpWebhookSender(new SystemClock(), { timeoutMs: 1_500, keepPrivateAnswers: true });
const send = (path: string, secret: string | null = SECRET) =>
  sender.send({ channel: 'webhook', url: `${served.base}${path}`, contentType: 'application/json', body: '{"type":"payment.updated"}' }, { webhookId: 'evt-1', secret });

describe('HttpWebhookSender', () => {
  it('signs each attempt per Standard Webhooks (verified by the protocol helper); 2xx is success', async () => {
    for (const path of ['/ok', '/accepted']) expect((await send(path)).outcome).toEqual({ kind: 'success' });
    const got = seen.find((s) => s.path === '/ok');
    expect(got?.headers['webhook-id']).toBe('evt-1');
    expect(verifyWebhook(SECRET, got?.headers as Record<string, string>, got?.body ?? '')).toMatchObject({ ok: true, id: 'evt-1' });
    const { attempt } = await send('/ok');
    expect(attempt).toMatchObject({ status: 200, response: 'thanks', error: null });
  });

  it('3xx (not followed), 5xx, a timeout and a refused connection are failures; 410 is gone; Retry-After of 429/503 is passed on', async () => {
    expect((await send('/moved')).outcome).toEqual({ kind: 'failure' });
    expect(seen.filter((s) => s.path === '/ok')).toHaveLength(2); // the redirect was not followed
    expect((await send('/gone')).outcome).toEqual({ kind: 'gone' });
    expect((await send('/busy')).outcome).toEqual({ kind: 'failure', retryAfterSeconds: 120 });
    expect((await send('/down')).outcome).toEqual({ kind: 'failure', retryAfterSeconds: 1 });
    const error = await send('/error');
    expect([error.outcome, error.attempt.status, error.attempt.response.length]).toEqual([{ kind: 'failure' }, 500, 1024]);
    // An endpoint that never answers: a short timeout of its own (whatever the machine's load, no answer comes).
    const impatient = new HttpWebhookSender(new SystemClock(), { timeoutMs: 100, keepPrivateAnswers: true });
    const slow = await impatient.send({ channel: 'webhook', url: `${served.base}/slow`, contentType: 'application/json', body: '{}' }, { webhookId: 'evt-1', secret: SECRET });
    expect([slow.outcome, slow.attempt.status, slow.attempt.error]).toEqual([{ kind: 'failure' }, null, 'no answer within 100 ms']);
    const refused = await sender.send({ channel: 'webhook', url: 'http://127.0.0.1:9/hooks', contentType: 'application/json', body: '{}' }, { webhookId: 'evt-2', secret: SECRET });
    expect([refused.outcome, refused.attempt.status, refused.attempt.error]).toEqual([{ kind: 'failure' }, null, expect.stringContaining('connection failed')]);
  });

  it('sends nothing to a URL that is not http(s): fetch would answer data: itself with a 200', async () => {
    for (const url of ['data:,ok', 'file:///etc/passwd', 'not a url']) {
      const { attempt, outcome } = await sender.send({ channel: 'webhook', url, contentType: 'application/json', body: '{}' }, { webhookId: 'evt-1', secret: SECRET });
      expect([outcome.kind, attempt.status, attempt.error]).toEqual(['failure', null, 'not an http(s) URL']);
    }
  });

  it('sends no signature when the project has no secret', async () => {
    await send('/ok', null);
    expect(seen.at(-1)?.headers['webhook-signature']).toBeUndefined();
  });
});

describe('HttpWebhookSender, public addresses only (test callbacks)', () => {
  // The receiver listens on 127.0.0.1: a test callback must not reach it, however it is named,
  // while the project's own webhook (not public-only) still does.
  const port = () => new URL(served.base).port;
  const publicOnly = new HttpWebhookSender(new SystemClock(), {
    timeoutMs: 300,
    reachable: (n) => (n.channel === 'test-callback' ? isPublicAddress : undefined),
    // DNS rebinding: the name resolved to a public address when the invoice was created; now it resolves here.
    resolve: async (host) => (host === 'rebind.example' ? ['127.0.0.1'] : ['93.184.216.34']),
  });
  const callback = (url: string) => publicOnly.send({ channel: 'test-callback', url, contentType: 'application/json', body: '{}' }, { webhookId: 'evt-ssrf', secret: SECRET });

  it.each(['http://127.0.0.1:PORT/ok', 'http://localhost:PORT/ok', 'http://[::1]:PORT/ok', 'http://2130706433:PORT/ok', 'http://rebind.example:PORT/ok'])(
    '%s: refused when connecting, nothing sent',
    async (template) => {
      const before = seen.length;
      const { attempt, outcome } = await callback(template.replace('PORT', port()));
      expect([outcome.kind, attempt.status]).toEqual(['failure', null]);
      expect(attempt.error).toMatch(/not a public address/);
      expect(seen.length).toBe(before);
    },
  );

  it("the project's own webhook is the operator's: not restricted", async () => {
    const { outcome } = await publicOnly.send({ channel: 'webhook', url: `${served.base}/ok`, contentType: 'application/json', body: '{}' }, { webhookId: 'evt-own', secret: SECRET });
    expect(outcome).toEqual({ kind: 'success' });
  });
});

describe('HttpWebhookSender, private targets: the networks an operator lists, and their answers never kept', () => {
  const endpoint = (sender: HttpWebhookSender, url: string) => sender.send({ channel: 'endpoint-e1', url, contentType: 'application/json', body: '{}' }, { webhookId: 'evt-private', secret: SECRET });
  const listing = (networks: readonly string[]) =>
    new HttpWebhookSender(new SystemClock(), {
      timeoutMs: 1_500,
      reachable: () => addressRule(networks),
      resolve: async (host) => (host === 'receiver.internal.test' ? ['127.0.0.1'] : []),
    });

  it('an answer from a private address is not kept: the status only (any address allowed, by default)', async () => {
    const anyAddress = new HttpWebhookSender(new SystemClock(), { timeoutMs: 1_500 });
    for (const [path, status] of [
      ['/ok', 200],
      ['/error', 500],
      ['/gone', 410],
    ] as const) {
      const { attempt } = await endpoint(anyAddress, `${served.base}${path}`);
      expect([attempt.status, attempt.response], path).toEqual([status, '']);
    }
  });

  it('a listed network is reached, written as an address or as a name resolving into it, and its answer is not kept', async () => {
    const port = new URL(served.base).port;
    const listed = listing(['10.0.0.0/8', '127.0.0.0/8']);
    for (const url of [`http://127.0.0.1:${port}/ok`, `http://receiver.internal.test:${port}/ok`]) {
      const { attempt, outcome } = await endpoint(listed, url);
      expect([outcome.kind, attempt.status, attempt.response], url).toEqual(['success', 200, '']);
    }
  });

  it('an address outside the listed networks is refused before anything is sent, or when the name is looked up', async () => {
    const port = new URL(served.base).port;
    const elsewhere = listing(['10.0.0.0/8', '::1/128']);
    const before = seen.length;
    for (const url of [`http://127.0.0.1:${port}/ok`, `http://receiver.internal.test:${port}/ok`, `http://localhost:${port}/ok`]) {
      const { attempt, outcome } = await endpoint(elsewhere, url);
      expect([outcome.kind, attempt.status], url).toEqual(['failure', null]);
      expect(attempt.error, url).toMatch(/not a public address/);
    }
    expect(seen.length).toBe(before);
  });
});

describe('HttpWebhookSender, one endpoint that never answers among ten', () => {
  it('an endpoint is busy when its gate is full and its oldest attempt has run a second; others are not', async () => {
    // The dead endpoint holds each request until the test answers it (503): the attempts last as
    // long as the test says, in the gate's own time (performance.now, faked alone: timers stay real).
    const held: ServerResponse[] = [];
    let answering = false;
    let arrived: () => void = () => {};
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    const answerHeld = () => {
      for (const res of held.splice(0)) res.writeHead(503).end();
    };
    const dead = await serve((req, res) => {
      req.resume();
      if (answering) res.writeHead(503).end();
      else held.push(res);
      arrived();
    });
    const alive = await serve((req, res) => void req.resume().on('end', () => res.writeHead(204).end()));
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const sender = new HttpWebhookSender(new SystemClock(), { timeoutMs: 3_000, perEndpoint: 1 });
      const to = (s: Served) => ({ channel: 'webhook', url: `${s.base}/hooks`, contentType: 'application/json', body: '{}' });
      const inFlight = sender.send(to(dead), { webhookId: 'dead', secret: null });
      const second = sender.send(to(dead), { webhookId: 'dead', secret: null });
      // (Not vi.waitFor: with fake timers on it moves the faked time too.)
      await firstArrived;
      expect(held).toHaveLength(1);
      // Full, but its attempt has only just started: a turn may come soon, so it is not busy yet.
      expect(sender.busy(to(dead))).toBe(false);
      vi.advanceTimersByTime(SLOW_ENDPOINT_MS - 1);
      expect(sender.busy(to(dead))).toBe(false);
      vi.advanceTimersByTime(1);
      expect(sender.busy(to(dead))).toBe(true);
      expect(sender.busy(to(alive))).toBe(false);
      answerHeld();
      expect((await inFlight).outcome.kind).toBe('failure');
      // Full with a fresh attempt, but as many already waiting behind an attempt that took seconds: busy too.
      const third = sender.send(to(dead), { webhookId: 'dead', secret: null });
      expect(sender.busy(to(dead))).toBe(true);
      answering = true;
      answerHeld();
      await Promise.all([second, third]);
      expect(sender.busy(to(dead))).toBe(false);
    } finally {
      vi.useRealTimers();
      answering = true;
      answerHeld();
      await Promise.all([dead.close(), alive.close()]);
    }
  });

  it('the healthy nine are served at their own pace; the dead one holds only its own gate', async () => {
    const endpoints: Served[] = [];
    for (let i = 0; i < 10; i += 1) {
      const dead = i === 0;
      endpoints.push(
        await serve((req, res) => {
          req.resume();
          if (!dead) req.on('end', () => res.writeHead(204).end());
        }),
      );
    }
    try {
      const slowSender = new HttpWebhookSender(new SystemClock(), { timeoutMs: 4_000, perEndpoint: 2 });
      const to = (s: Served) => ({ channel: 'webhook', url: `${s.base}/hooks`, contentType: 'application/json', body: '{}' });
      let firstDeadAnswer = Number.POSITIVE_INFINITY;
      const deadOnes = Array.from({ length: 4 }, () =>
        slowSender.send(to(endpoints[0] as Served), { webhookId: 'dead', secret: null }).then((r) => {
          firstDeadAnswer = Math.min(firstDeadAnswer, Date.now());
          return r;
        }),
      );
      const healthy = endpoints.slice(1).flatMap((s) => Array.from({ length: 10 }, () => slowSender.send(to(s), { webhookId: 'ok', secret: null })));
      const healthyOutcomes = await Promise.all(healthy);
      const healthyDone = Date.now();
      expect(healthyOutcomes.every((r) => r.outcome.kind === 'success')).toBe(true);
      const deadOutcomes = await Promise.all(deadOnes);
      expect(deadOutcomes.every((r) => r.outcome.kind === 'failure' && r.attempt.error === 'no answer within 4000 ms')).toBe(true);
      // The nine's 90 deliveries were all answered before the dead endpoint's first attempt gave up:
      // its attempts waited at its own gate (two at a time), never at theirs.
      expect(healthyDone).toBeLessThanOrEqual(firstDeadAnswer);
    } finally {
      await Promise.all(endpoints.map((s) => s.close()));
    }
  }, 30_000);
});
