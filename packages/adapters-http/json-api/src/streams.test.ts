import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { kassaUseCases, type DomainEvent, type EventLog } from '@kassa-payments/domain';
import { type InMemoryProjectDirectory, inMemoryPorts, projectWithDefaults } from '@kassa-payments/adapters-memory';
import { CallerAuthentication } from '@kassa-payments/operations';
import { KassaClient } from '@kassa-payments/merchant-client';
import type { Served } from '@kassa-payments/http-kit/testing';
import { createApiApp } from './api-app.js';
import { SignatureVerifier } from './signature.js';
import { OpenStreams, STREAM_SETTINGS, type StreamSettings } from './open-streams.js';

// The streams' own lives on a real API app and real sockets: a client gone before its stream
// started, a stream's end of life, the caller checked again, the process's cap.
let served: Served | undefined;
/**
 * Serves `app` on a free loopback port; `close` cuts the connections still open (an aborted
 * request's leaves one that server.close alone waits out for seconds) and stops.
 */
async function serve(app: RequestListener): Promise<Served> {
  const server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return { base: `http://127.0.0.1:${port}`, port, close };
}
afterEach(async () => {
  await served?.close();
  served = undefined;
});

/** Resolves after a few turns of the event loop: whatever was due from promises and I/O already done has run. */
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** `holdStart`: storage locates a stream's start only once the test calls `releaseStart` (a failover, a loaded server). */
async function kassa(settings: Partial<StreamSettings>, holdStart = false) {
  const partner = { login: 'm', password: 'p', testCallbackAllowed: false };
  const project = projectWithDefaults({ id: 1, partnerLogin: 'm', clientIpRequired: false, defaultPrice: { minor: 100, currency: 'RUB' } });
  // A second project of the partner, and another partner's.
  const mine = projectWithDefaults({ id: 2, partnerLogin: 'm', clientIpRequired: false, defaultPrice: { minor: 100, currency: 'RUB' } });
  const theirs = projectWithDefaults({ id: 3, partnerLogin: 'o', clientIpRequired: false, defaultPrice: { minor: 100, currency: 'RUB' } });
  const ports = inMemoryPorts({ partners: [partner, { login: 'o', password: 'q', testCallbackAllowed: false }], projects: [project, mine, theirs] });
  ports.clock.set(new Date());
  let reads = 0;
  let startAsked: () => void = () => {};
  const asked = new Promise<void>((resolve) => (startAsked = resolve));
  let releaseStart: () => void = () => {};
  const released = new Promise<void>((resolve) => (releaseStart = resolve));
  // Storage that may be held locating a stream's start, and counts the feed's reads.
  const events: EventLog = Object.assign(Object.create(ports.events) as EventLog, {
    feedPosition: async (...args: Parameters<EventLog['feedPosition']>) => {
      startAsked();
      if (holdStart) await released;
      return ports.events.feedPosition(...args);
    },
    feed: (...args: Parameters<EventLog['feed']>) => {
      reads += 1;
      return ports.events.feed(...args);
    },
  });
  // The partner looked up: once by each request's authentication, then by each stream's every recheck.
  let partnerLookups = 0;
  const findPartner = ports.projects.findPartner.bind(ports.projects);
  ports.projects.findPartner = (...args: Parameters<typeof findPartner>) => {
    partnerLookups += 1;
    return findPartner(...args);
  };
  /** The messages the API logged. */
  const logged: string[] = [];
  /** The listener's side of each request's answer, and whether its connection has closed. */
  const answers: { res: ServerResponse; closed: boolean }[] = [];
  const streams = new OpenStreams({ ...STREAM_SETTINGS, pollMs: 20, ...settings });
  const app = createApiApp({
    useCases: kassaUseCases({ ...ports, events }),
    projects: ports.projects,
    callers: new CallerAuthentication({ projects: ports.projects, clock: ports.clock }),
    carriers: ports.carriers,
    paymentPages: ports.paymentPages,
    clock: ports.clock,
    mode: 'test',
    logger: pino({ level: 'info' }, { write: (line: string) => void logged.push((JSON.parse(line) as { msg: string }).msg) }),
    signatures: new SignatureVerifier(),
    streams,
  });
  served = await serve((req, res) => {
    const answer = { res, closed: false };
    answers.push(answer);
    res.once('close', () => (answer.closed = true));
    app(req, res);
  });
  const client = new KassaClient({ baseUrl: served.base, login: 'm', password: 'p', retries: 0 });
  const open = (signal?: AbortSignal) =>
    fetch(`${served?.base}/api/v3/projects/1/events/stream`, {
      headers: client.signedHeaders({ operation: 'streamEvents', query: {}, method: 'GET', path: '/api/v3/projects/1/events/stream' }),
      ...(signal ? { signal } : {}),
    });
  /** A stream of `kind` of project `projectId`, signed by its partner. */
  const openOf = (projectId: number, kind: 'events' | 'requests' = 'events') => {
    const path = `/api/v3/projects/${projectId}/${kind}/stream`;
    const signer = projectId === 3 ? new KassaClient({ baseUrl: served?.base ?? '', login: 'o', password: 'q' }) : client;
    return fetch(`${served?.base}${path}`, { headers: signer.signedHeaders({ operation: kind === 'events' ? 'streamEvents' : 'streamRequests', query: {}, method: 'GET', path }) });
  };
  /** Resolves once `n` more partner lookups (rechecks, when no request is being authenticated) have run. */
  const rechecked = async (n: number) => {
    const from = partnerLookups;
    await vi.waitFor(() => expect(partnerLookups - from).toBeGreaterThanOrEqual(n), { timeout: 5_000, interval: 5 });
  };
  return {
    streams,
    open,
    openOf,
    client,
    ports,
    reads: () => reads,
    directory: ports.projects as InMemoryProjectDirectory,
    partner,
    project,
    startAsked: asked,
    releaseStart,
    rechecked,
    logged,
    answers,
  };
}

describe('event streams', () => {
  it('a client gone before its stream started frees the place at once, and no poll runs for it', async () => {
    const k = await kassa({}, true);
    const abort = new AbortController();
    const opened = k.open(abort.signal).catch((e: unknown) => e);
    // The client goes while storage locates its stream's start, and the listener sees it gone.
    await k.startAsked;
    abort.abort();
    await opened;
    await vi.waitFor(() => expect(k.answers.map((a) => a.closed)).toEqual([true]), { timeout: 5_000, interval: 5 });
    k.releaseStart();
    // The route goes on and ends the answer it no longer has a reader for, without taking a place or polling.
    await vi.waitFor(() => expect(k.answers[0]?.res.writableEnded).toBe(true), { timeout: 5_000, interval: 5 });
    await turns();
    expect([k.streams.count(), k.reads()]).toEqual([0, 0]);
  });

  it('ends a stream at the end of its life with `event: reconnect`, and frees its place', async () => {
    const k = await kassa({ maxLifeMs: 300 });
    const started = Date.now();
    const text = await (await k.open()).text();
    expect(text).toMatch(/^event: ready\n/);
    expect(text).toMatch(/event: reconnect\ndata: \{"reason":"a stream lives 0 s at most: connect again"\}\n\n$/);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(k.streams.count()).toBe(0);
  });

  it('checks the caller again while the stream lives: a changed password, an inactive project end it with `event: error` naming why', async () => {
    const k = await kassa({ recheckMs: 50 });
    const first = await k.open();
    // It lives on through rechecks that pass.
    await k.rechecked(2);
    expect(k.streams.count()).toBe(1);
    await k.directory.replacePartner({ ...k.partner, password: 'p2' }, 1);
    expect(await first.text()).toMatch(/event: error\ndata: \{"code":"AUTH_INVALID_SIGNATURE","message":"The partner's password changed: connect again with the new one"\}\n\n$/);
    await k.directory.replacePartner(k.partner, 2);
    const second = await k.open();
    expect(second.status).toBe(200);
    await k.directory.replaceProject({ ...k.project, active: false }, 1);
    expect(await second.text()).toMatch(/event: error\ndata: \{"code":"AUTH_INVALID_PROJECT","message":"The project is inactive"/);
    expect(k.streams.count()).toBe(0);
  });

  // Before, the recheck compared the current password only, which a rotation leaves in place: a
  // stream signed with the old one outlived the overlap.
  it('a stream signed with the password a rotation replaced ends when the overlap ends; one signed with the new password goes on', async () => {
    const k = await kassa({ recheckMs: 50 });
    const validUntil = new Date(k.ports.clock.now().getTime() + 60 * 60_000);
    await k.directory.replacePartner({ ...k.partner, password: 'p2', previousPassword: { value: 'p', validUntil: validUntil.toISOString() } }, 1);
    const old = await k.open();
    const current = await fetch(`${served?.base}/api/v3/projects/1/events/stream`, {
      headers: new KassaClient({ baseUrl: served?.base ?? '', login: 'm', password: 'p2' }).signedHeaders({
        operation: 'streamEvents',
        query: {},
        method: 'GET',
        path: '/api/v3/projects/1/events/stream',
      }),
    });
    expect([old.status, current.status]).toEqual([200, 200]);
    k.ports.clock.set(new Date(validUntil.getTime() - 1));
    // Both live on through their rechecks (two each) a moment before the overlap ends.
    await k.rechecked(4);
    expect(k.streams.count()).toBe(2);
    // The overlap's end, in the injected time: the old password's stream ends at its next check.
    k.ports.clock.set(validUntil);
    expect(await old.text()).toMatch(/event: error\ndata: \{"code":"AUTH_INVALID_SIGNATURE","message":"The partner's password changed: connect again with the new one"\}\n\n$/);
    // The new password's stream lives on through its next rechecks.
    await k.rechecked(2);
    expect(k.streams.count()).toBe(1);
    await current.body?.cancel();
  });

  // Before, only a project's and the process's caps: one partner's projects could hold all the process's streams.
  it("holds at most maxPerPartner streams of a partner's projects: beyond, 429 with Retry-After; another partner's stream is taken", async () => {
    const k = await kassa({ maxPerPartner: 2, maxPerProcess: 4 });
    const held = [await k.openOf(1), await k.openOf(2)];
    const beyond = await k.openOf(2);
    const other = await k.openOf(3);
    expect([...held.map((r) => r.status), beyond.status, beyond.headers.get('retry-after'), other.status]).toEqual([200, 200, 429, '5', 200]);
    expect(((await beyond.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'STREAM_LIMIT_EXCEEDED',
      message: "At most 2 streams of a partner's projects at once on this API process",
    });
    // A stream that ends gives its place back to the partner.
    await held[0]?.body?.cancel();
    await vi.waitFor(() => expect(k.streams.count()).toBe(2), { timeout: 5_000, interval: 5 });
    const again = await k.openOf(1);
    expect(again.status).toBe(200);
    for (const r of [held[1], other, again]) await r?.body?.cancel();
  });

  // Before, the places the reset emptied held the stream as a writer's still at work: the first new event came 30 s late.
  it('after a reset, a stream from since=0 gets the new events at once', async () => {
    const k = await kassa({});
    const contractEvent = (i: number) =>
      ({
        id: `evt-r${i}`,
        type: 'ContractAuthorized',
        occurredAt: new Date().toISOString(),
        projectId: 1,
        aggregate: { kind: 'contract', id: `c-r${i}` },
        merchantContractId: 'mc',
        customer: { type: 'mobile_phone', msisdn: '79001234567' },
      }) as DomainEvent;
    for (let i = 0; i < 3; i++) await k.ports.events.record(contractEvent(i));
    await k.ports.retention.eraseProject(1);
    const path = '/api/v3/projects/1/events/stream?since=0';
    const res = await fetch(`${served?.base}${path}`, { headers: k.client.signedHeaders({ operation: 'streamEvents', query: { since: '0' }, method: 'GET', path }) });
    expect(res.status).toBe(200);
    await k.ports.events.record(contractEvent(3));
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const started = Date.now();
    let text = '';
    // Read until the event has come (the test's timeout ends a stream that never sends it).
    while (!text.includes('"event_id":"evt-r3"')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += Buffer.from(chunk.value).toString();
    }
    expect(text).toMatch(/id: 5\nevent: event\ndata: \{"entry_id":"evt-r3"/);
    expect(Date.now() - started).toBeLessThan(3_000);
    await reader.cancel();
  });

  it('holds at most maxPerProcess streams: beyond, 503 with Retry-After', async () => {
    const k = await kassa({ maxPerProcess: 2 });
    const [a, b] = [await k.open(), await k.open()];
    const third = await k.open();
    expect([a.status, b.status, third.status, third.headers.get('retry-after'), ((await third.json()) as { error: { code: string } }).error.code]).toEqual([200, 200, 503, '5', 'SERVICE_UNAVAILABLE']);
    await a.body?.cancel();
    await b.body?.cancel();
  });

  // Before, the stream ended its answer and left the socket to TCP: the end queued behind what the
  // reader never took, and the socket stayed for as long as the reader's kernel answered.
  it('a reader that takes nothing for stalledReaderMs has its stream ended and its socket destroyed', async () => {
    const k = await kassa({ stalledReaderMs: 300 });
    // About 4 MB of feed: more than loopback's socket buffers hold.
    const pad = 'x'.repeat(2_000);
    for (let i = 0; i < 2_000; i++)
      await k.ports.events.record({
        id: `evt-${i}`,
        type: 'ContractAuthorized',
        occurredAt: new Date().toISOString(),
        projectId: 1,
        aggregate: { kind: 'contract', id: `c-${i}` },
        merchantContractId: pad,
        customer: { type: 'mobile_phone', msisdn: '79001234567' },
      } as DomainEvent);
    const path = '/api/v3/projects/1/events/stream?since=0';
    const headers = k.client.signedHeaders({ operation: 'streamEvents', query: { since: '0' }, method: 'GET', path });
    const socket = connect({ host: '127.0.0.1', port: served?.port ?? 0 });
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise((r) => socket.once('connect', r));
    socket.pause();
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: x\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`,
    );
    // The stream ends once its reader has taken nothing for stalledReaderMs.
    await vi.waitFor(() => expect(k.logged).toContain('stream ended: its reader took nothing for too long'), { timeout: 5_000, interval: 10 });
    expect(k.streams.count()).toBe(0);
    // Now it reads: what the socket held, then its end, without the answer's last chunk (a stream
    // that only ended its answer would finish it, and keep the connection alive).
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.resume();
    await closed;
    const text = Buffer.concat(chunks).toString('latin1');
    expect(text).toMatch(/^HTTP\/1.1 200 OK\r\n/);
    expect(text.endsWith('\r\n0\r\n\r\n')).toBe(false);
  });
});
