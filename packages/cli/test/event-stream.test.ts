import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KassaClient } from '@kassa-payments/merchant-client';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from '../src/cli-error.js';
import { followStream, retryAfterMs } from '../src/event-stream.js';

// The CLI's stream follower against real HTTP servers that misbehave as networks do: a connection
// that goes silent without closing (stripe-cli #600, #631), one that ends, a refusal for good.
let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server?.listening) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

async function serve(handler: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<string> {
  let n = 0;
  const listening = createServer((req, res) => handler(req, res, n++));
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

const client = (baseUrl: string) => new KassaClient({ baseUrl, login: 'merchant', password: 'merchant-secret-1' });

describe('followStream', () => {
  it('takes a connection that brings nothing for stallMs as dead, reconnects with Last-Event-ID, and again after a stream that ended', { timeout: 15_000 }, async () => {
    const seen: (string | undefined)[] = [];
    const url = await serve((req, res, n) => {
      seen.push(req.headers['last-event-id'] as string | undefined);
      expect(req.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`event: ready\ndata: {}\n\nid: entry-${n}\nevent: event\ndata: {"n":${n}}\n\n`);
      // The first goes silent, open; the second ends; the third stays and beats.
      if (n === 1) res.end();
      if (n >= 2) setInterval(() => res.write(': heartbeat\n\n'), 50).unref();
    });
    const controller = new AbortController();
    const messages: string[] = [];
    const notices: string[] = [];
    const following = followStream({
      client: client(url),
      baseUrl: url,
      path: '/api/v3/projects/1/events/stream',
      operation: 'streamEvents',
      query: () => ({}),
      resumable: true,
      // Long beside the 50 ms heartbeats: a loaded machine's pause must not be read as a stall.
      stallMs: 2_000,
      backoffMs: 20,
      onNotice: (line) => notices.push(line),
      onMessage: (m) => {
        messages.push(`${m.event}:${m.id ?? ''}`);
        // Longer than stallMs: the third's heartbeats must keep it alive past it.
        if (m.id === 'entry-2') setTimeout(() => controller.abort(), 3_000);
      },
      signal: controller.signal,
    });
    await following;
    expect(messages).toEqual(['ready:', 'event:entry-0', 'ready:', 'event:entry-1', 'ready:', 'event:entry-2']);
    expect(seen).toEqual([undefined, 'entry-0', 'entry-1']);
    expect(notices[0]).toMatch(/went silent \(no heartbeat, or no answer in time\): the connection is dead/);
    expect(notices).toContain('the stream ended (Kassa stopping or restarting?): reconnecting');
    // The heartbeats of the third kept it alive past stallMs: no notice after it connected.
    expect(notices.at(-1)).toMatch(/connected again, resuming after entry-1/);
  });

  it('tries again a connection taken but never answered (a Kassa still starting)', async () => {
    const url = await serve((_req, res, n) => {
      if (n > 0) res.writeHead(200, { 'content-type': 'text/event-stream' }).write('event: ready\ndata: {}\n\n');
    });
    const controller = new AbortController();
    const notices: string[] = [];
    const started = Date.now();
    await followStream({
      client: client(url),
      baseUrl: url,
      path: '/s',
      operation: 'streamEvents',
      query: () => ({}),
      resumable: true,
      stallMs: 300,
      backoffMs: 10,
      onNotice: (l) => notices.push(l),
      onMessage: () => controller.abort(),
      signal: controller.signal,
    });
    expect(notices[0]).toMatch(/went silent/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops with a CliError on a refusal for good (401), and retries a 503 until it is served', async () => {
    const refused = await serve((_req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"success":false,"error":{"code":"AUTH_INVALID_SIGNATURE","message":"no"}}'));
    const base = { operation: 'streamEvents' as const, path: '/s', query: () => ({}), resumable: false, onMessage: () => undefined, onNotice: () => undefined };
    const error = await followStream({ ...base, client: client(refused), baseUrl: refused }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    expect((error as CliError).message).toContain('refused the credentials');
    await new Promise<void>((resolve) => server?.close(() => resolve()));

    const controller = new AbortController();
    const notices: string[] = [];
    const busy = await serve((_req, res, n) => {
      if (n < 2) return void res.writeHead(503, { 'retry-after': '0' }).end();
      res.writeHead(200, { 'content-type': 'text/event-stream' }).write('event: ready\ndata: {}\n\n');
    });
    await followStream({
      ...base,
      client: client(busy),
      baseUrl: busy,
      backoffMs: 10,
      onNotice: (l) => notices.push(l),
      onMessage: () => controller.abort(),
      signal: controller.signal,
    });
    expect(notices.slice(0, 2)).toEqual(['Kassa answered 503: trying again', 'Kassa answered 503: trying again']);
  });

  it('renews a stream the server ended for its life at once and without a word, signed anew; exits 2 on a refusal while streaming (event: error)', async () => {
    const signatures: string[] = [];
    const url = await serve((req, res, n) => {
      signatures.push(String(req.headers['x-timestamp']) + String(req.headers['x-signature']));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`event: ready\ndata: {}\n\nid: ${n + 1}\nevent: event\ndata: {}\n\n`);
      if (n === 0) res.end('event: reconnect\ndata: {"reason":"a stream lives 600 s at most: connect again"}\n\n');
      else res.end('event: error\ndata: {"code":"AUTH_INVALID_PROJECT","message":"The project is inactive"}\n\n');
    });
    const notices: string[] = [];
    const messages: string[] = [];
    const error = await followStream({
      client: client(url),
      baseUrl: url,
      path: '/s',
      operation: 'streamEvents',
      query: () => ({}),
      resumable: true,
      backoffMs: 5_000,
      onNotice: (l) => notices.push(l),
      onMessage: (m) => void messages.push(`${m.event}:${m.id ?? ''}`),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect([(error as CliError).exitCode, (error as CliError).message]).toEqual([2, 'Kassa ended the stream: AUTH_INVALID_PROJECT: The project is inactive']);
    expect(notices).toEqual([]);
    expect(messages).toEqual(['ready:', 'event:1', 'ready:', 'event:2']);
    expect(signatures).toHaveLength(2);
  });

  it('reads Retry-After as seconds or an HTTP date, never as a hot loop; ^C ends at once, what waits dropped', async () => {
    expect(retryAfterMs('7')).toBe(7_000);
    expect(retryAfterMs(new Date(Date.now() + 3_000).toUTCString())).toBeGreaterThan(1_000);
    expect([retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT'), retryAfterMs('soon'), retryAfterMs(null)]).toEqual([0, 0, 0]);
    let connections = 0;
    const url = await serve((_req, res) => {
      connections += 1;
      res.writeHead(503, { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }).end();
    });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 500);
    const base = { client: client(url), baseUrl: url, path: '/s', operation: 'streamEvents' as const, query: () => ({}), resumable: true, onNotice: () => undefined };
    await followStream({ ...base, backoffMs: 100, onMessage: () => undefined, signal: stop.signal });
    expect(connections).toBeLessThanOrEqual(4);
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));

    const slow = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(Array.from({ length: 50 }, (_, i) => `id: ${i + 1}\nevent: event\ndata: {}\n\n`).join(''));
    });
    const quit = new AbortController();
    let handled = 0;
    // The handler of the first message does not end until the test lets it: ^C comes while it runs.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const following = followStream({
      ...base,
      client: client(slow),
      baseUrl: slow,
      maxPending: 5,
      onMessage: async () => {
        handled += 1;
        if (handled === 1) quit.abort();
        await held;
      },
      signal: quit.signal,
    });
    const started = Date.now();
    try {
      await following;
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(handled).toBe(1);
    } finally {
      release();
    }
  });
});
