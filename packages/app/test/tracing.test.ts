import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { FUZZ_ADMIN_TOKEN, type KassaProcess, type Received, startKassaProcess, startReceiver, type HttpReceiver } from '@kassa-payments/devkit';
import { KassaClient, type KassaResponse } from '@kassa-payments/merchant-client';
import { signSubscriptionRequest } from '@kassa-payments/protocol';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';

// Traces end to end (issue 35 item 4): Kassa as `npm start` runs it, on MongoDB and BullMQ on Redis,
// exporting OTLP (http/json) to a collector this test runs. A trace goes from POST /invoices through
// the charge job to the payment.updated attempt (the merchant receives its traceparent), and from a
// subscription's charge job to its notification; log lines carry trace_id; nothing secret is exported.

interface Span {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly scope: string;
  readonly attributes: Record<string, unknown>;
  readonly links?: readonly { readonly traceId: string; readonly spanId: string }[];
}

const PARTNER = { login: 'traced', password: 'traced-password-7d41c2e9' };
const SUBS_SECRET = `whsec_${Buffer.from('traced-subscription-secret-01').toString('base64')}`;
const WEBHOOK_SECRET = `whsec_${Buffer.from('traced-webhook-secret-0123456').toString('base64')}`;
// The sandbox's PIN: the test environment accepts 1234.
const PIN = '1234';
const IP = '203.0.113.9';
const database = `kassa_tracing_${randomUUID().slice(0, 8)}`;

let collector: Server;
/** Every export's raw body, and the spans decoded from them. */
const bodies: string[] = [];
const spans: Span[] = [];
let merchant: HttpReceiver;
let kassa: KassaProcess;

/** OTLP/JSON: attribute values are typed wrappers ({ stringValue }, { intValue }...). */
const otlpValue = (v: Record<string, unknown>): unknown => Object.values(v)[0];

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      bodies.push(body);
      const doc = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { scope: { name: string }; spans: (Omit<Span, 'attributes' | 'scope'> & { attributes?: { key: string; value: Record<string, unknown> }[] })[] }[] }[];
      };
      for (const rs of doc.resourceSpans)
        for (const ss of rs.scopeSpans)
          for (const s of ss.spans) spans.push({ ...s, scope: ss.scope.name, attributes: Object.fromEntries((s.attributes ?? []).map((a) => [a.key, otlpValue(a.value)])) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  merchant = await startReceiver();
  const project = {
    id: 1,
    defaultPrice: { amount: '10.00', currency: 'RUB' },
    webhookUrl: `${merchant.url}/hooks?token=merchant-query-token`,
    webhookSecret: WEBHOOK_SECRET,
    subscriptionSecret: SUBS_SECRET,
    subscriptionNotificationUrl: `${merchant.url}/subs`,
  };
  kassa = await startKassaProcess(
    {
      MONGO_URL: inject('mongoUrl'),
      MONGO_DB: database,
      REDIS_URL: inject('redisUrl'),
      KASSA_REDIS_PREFIX: database,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'kassa-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    { seed: { partners: [{ ...PARTNER, projects: [project] }] } },
  );
}, 60_000);

afterAll(async () => {
  await kassa?.stop();
  await merchant?.close();
  await new Promise<void>((r) => collector.close(() => r()));
  const mongo = new MongoClient(inject('mongoUrl'));
  await mongo.db(database).dropDatabase();
  await mongo.close();
});

async function until<T>(read: () => T | undefined, what: string, ms = 15_000): Promise<T> {
  return vi
    .waitFor(
      () => {
        const value = read();
        if (value === undefined) throw new Error(what);
        return value;
      },
      { timeout: ms, interval: 20 },
    )
    .catch(() => {
      const names = [...new Set(spans.map((s) => s.name))].join(', ');
      const trouble = kassa.lines
        .filter((l) => /"level":[4-6]0/.test(l))
        .slice(-5)
        .join('\n');
      throw new Error(`not within ${ms} ms: ${what}\nspans: ${names}\nreceived: ${merchant.received.map((r) => r.path).join(' ')}\n${trouble}\n${kassa.stderr()}`);
    });
}

/**
 * Every span ended so far is exported: the batch processor exports spans in the order they end, so
 * once the span of a request made now has reached the collector, those that ended before it have too.
 */
async function exportedSoFar(): Promise<void> {
  const marker = `exported-so-far-${randomUUID().slice(0, 8)}`;
  await (await fetch(`${kassa.urls.admin}/${marker}`)).arrayBuffer();
  await until(() => spans.find((s) => Object.values(s.attributes).some((v) => String(v).includes(marker))), 'the span of a request made after the rest');
}

const dataOf = <T>(r: KassaResponse<T>): T => {
  if (!r.ok) throw new Error(`${r.status}: ${JSON.stringify(r.error)}`);
  return r.data;
};

/** The span's ancestors in its trace, itself first (as far as the collector has them). */
function lineage(span: Span): Span[] {
  const chain = [span];
  for (let at = span; at.parentSpanId; ) {
    const parent = spans.find((s) => s.spanId === at.parentSpanId && s.traceId === at.traceId);
    if (!parent) break;
    chain.push(parent);
    at = parent;
  }
  return chain;
}

const traceparentOf = (r: Received) => String(r.headers['traceparent'] ?? '');

describe('traces end to end (OTLP http/json to a collector the test runs)', () => {
  const msisdn = `7916${String(Date.now()).slice(-7)}`;

  it('POST /invoices, its charge job and the payment.updated attempt are one trace; the merchant gets its traceparent', async () => {
    const api = new KassaClient({ baseUrl: kassa.urls.api, login: PARTNER.login, password: PARTNER.password, signatureVersion: 4, retries: 0 });
    // Under an authorized contract the invoice is charged by a job that POST /invoices schedules.
    const mcid = `tc-${Date.now()}`;
    const contract = dataOf(await api.createContract(1, { client_ip: IP, customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: mcid }));
    dataOf(await api.authorizeContract(1, contract.contract_id, { client_ip: IP, pin_code: PIN }));
    const invoice = dataOf(
      await api.createInvoice(1, { client_ip: IP, customer: { type: 'mobile_phone', msisdn }, order: { merchant_order_id: `traced-${Date.now()}` }, contract: { merchant_contract_id: mcid } }),
    );
    const delivered = await until(
      () => merchant.received.find((r) => r.path.startsWith('/hooks') && r.body.includes(invoice.invoice_id) && r.body.includes('payment.updated')),
      'payment.updated delivered',
    );

    const post = await until(() => spans.find((s) => s.name === 'POST /api/v3/projects/:projectId/invoices'), 'the POST span');
    const traceId = post.traceId;
    // Named by the route the request log reports, and the route recorded as http.route.
    expect(post.attributes['http.route']).toBe('/api/v3/projects/:projectId/invoices');
    expect(traceparentOf(delivered)).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-0[01]$`));
    // The charge job (BullMQ), the gateway's charge, the attempt and its HTTP client span, in the POST's trace.
    const inTrace = (name: string) => until(() => spans.find((s) => s.traceId === traceId && s.name === name), name);
    const charge = await inTrace('job invoice.charge');
    const attempt = await inTrace('webhook attempt');
    await inTrace('billing charge');
    expect(lineage(charge).map((s) => s.spanId)).toContain(post.spanId);
    expect(attempt.attributes['kassa.webhook.outcome']).toBe('success');
    const client = await until(() => spans.find((s) => s.traceId === traceId && s.parentSpanId === attempt.spanId && s.scope.includes('undici')), "the attempt's HTTP span");
    expect(traceparentOf(delivered)).toContain(client.spanId);
    // The job's span ends after the attempt's: it may come in a later export.
    await until(() => lineage(attempt).find((s) => s.name === 'job webhook.attempt'), "the attempt's job span");
    // MongoDB and Redis calls inside the request's trace; the request's own (after its body was read) under its server span.
    expect(spans.some((s) => s.traceId === traceId && s.scope.includes('mongodb'))).toBe(true);
    await until(() => spans.find((s) => s.parentSpanId === post.spanId && s.scope.includes('mongodb')), "a MongoDB call under the POST's server span");
    expect(spans.some((s) => s.traceId === traceId && s.scope.includes('ioredis'))).toBe(true);
    // Log lines written inside it name it (the log is flushed every second).
    const logged = await until(() => kassa.lines.find((l) => l.includes(`"trace_id":"${traceId}"`) && l.includes('"msg":"request"')), "the request's log line");
    // The request log's line is written as the response finishes, in the server span's context.
    expect(logged).toContain(`"span_id":"${post.spanId}"`);
  }, 30_000);

  it("a subscription's charge job and its notification are one trace", async () => {
    const call = async (method: string, elements: string) => {
      const now = new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}Z$/, '')
        .replace('T', '');
      const res = await fetch(`${kassa.urls.subs}/Http/Services/${method}.aspx`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8' },
        body: signSubscriptionRequest(`<Request><SubscriptionProjectID>1</SubscriptionProjectID><Now>${now}</Now><Signature></Signature>${elements}</Request>`, SUBS_SECRET, 1, now, 'v1'),
      });
      return res.text();
    };
    const created = await call(
      'CreateSubscription',
      `<Subscriber_MSISDN>${msisdn}</Subscriber_MSISDN><TestInfo><BillingPeriodSeconds>1</BillingPeriodSeconds><MaxIterations>2</MaxIterations></TestInfo>`,
    );
    const id = /<SubscriptionID>([^<]+)</.exec(created)?.[1];
    expect(id, created).toBeDefined();
    await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>${PIN}</PinCode>`);
    const job = await until(() => spans.find((s) => s.name === 'job subscription.charge' && s.attributes['kassa.aggregate_id'] === id), 'the charge job span');
    const notified = await until(
      () => merchant.received.find((r) => r.path === '/subs' && r.body.includes(String(id)) && traceparentOf(r).includes(job.traceId)),
      "a notification in the charge job's trace",
    );
    // The notification's attempt descends from the charge job's span (its event carried the job's context).
    const attempt = await until(() => spans.find((s) => s.name === 'webhook attempt' && lineage(s).some((a) => a.spanId === job.spanId)), 'the notification attempt under the charge job');
    expect(attempt.traceId).toBe(job.traceId);
    expect(lineage(attempt).map((s) => s.name)).toContain('job webhook.attempt');
    expect(merchant.received.some((r) => r.path === '/subs' && traceparentOf(r).split('-')[1] === job.traceId)).toBe(true);
    expect(notified.headers['webhook-id']).toBeDefined();
  }, 30_000);

  it('a duplicate contract (409) exports no full msisdn, in an attribute or a status message', async () => {
    const api = new KassaClient({ baseUrl: kassa.urls.api, login: PARTNER.login, password: PARTNER.password, signatureVersion: 4, retries: 0 });
    // The same merchant_contract_id six times at once: one contract, five 409s. A request that missed
    // the holder has its insert refused by the unique index, whose E11000 quotes the key
    // (`msisdn:7916…`); should an instrumentation put that text in a span's status, it is masked.
    const mcid = `dup-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.createContract(1, { client_ip: IP, customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: mcid })));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).map((a) => a.status)).toEqual([409, 409, 409, 409, 409]);
    await until(() => (spans.filter((s) => s.name === 'POST /api/v3/projects/:projectId/contracts').length >= 7 ? true : undefined), 'the six POST spans');
    // The spans of their MongoDB calls and of anything else they did are exported as well.
    await exportedSoFar();
    expect(bodies.join('\n')).not.toContain(msisdn);
  }, 30_000);

  it("a caller's traceparent (sampled) does not continue into Kassa's trace: a new root, linked to it; its tracestate is not exported", async () => {
    const forgedTrace = 'f0'.repeat(16);
    const forgedSpan = 'a1'.repeat(8);
    const marker = `forged-${randomUUID().slice(0, 8)}`;
    const res = await fetch(`${kassa.urls.api}/api/v3/${marker}`, {
      headers: { traceparent: `00-${forgedTrace}-${forgedSpan}-01`, tracestate: 'vendor=forged', baggage: 'msisdn=79161234567,tenant=forged' },
    });
    await res.arrayBuffer();
    const server = await until(
      () => spans.find((s) => s.scope.includes('instrumentation-http') && Object.values(s.attributes).some((v) => String(v).includes(marker))),
      "the forged request's server span",
    );
    expect(server.traceId).not.toBe(forgedTrace);
    expect(server.parentSpanId ?? '').toBe('');
    expect(server.links?.map((l) => [l.traceId, l.spanId])).toEqual([[forgedTrace, forgedSpan]]);
    expect(spans.some((s) => s.traceId === forgedTrace)).toBe(false);
    expect(bodies.join('\n')).not.toContain('vendor=forged');
  }, 30_000);

  it("the admin listener's probes (/health, /ready, /metrics) make no trace", async () => {
    for (const path of ['/health', '/ready', '/metrics', '/health?full=1']) await (await fetch(`${kassa.urls.admin}${path}`)).arrayBuffer();
    // A request after them: once its span is exported, theirs would have been too.
    const marker = `after-probes-${randomUUID().slice(0, 8)}`;
    await (await fetch(`${kassa.urls.admin}/${marker}`)).arrayBuffer();
    await until(() => spans.find((s) => Object.values(s.attributes).some((v) => String(v).includes(marker))), 'the span of the request after the probes');
    const probe = /^\/(health|ready|metrics)(\?|$)/;
    const probes = spans.filter((s) => s.scope.includes('instrumentation-http') && (/ \/(health|ready|metrics)$/.test(s.name) || Object.values(s.attributes).some((v) => probe.test(String(v)))));
    expect(probes.map((s) => s.name)).toEqual([]);
  }, 30_000);

  it("a stream its client leaves, and a request its client abandons, are named by their route; so are the admin listener's", async () => {
    const api = new KassaClient({ baseUrl: kassa.urls.api, login: PARTNER.login, password: PARTNER.password, signatureVersion: 4, retries: 0 });
    // An events stream read until it is ready, then left by its client (the way a stream usually ends).
    const leaving = new AbortController();
    const stream = await fetch(`${kassa.urls.api}/api/v3/projects/1/events/stream`, {
      headers: { ...api.signedHeaders({ operation: 'streamEvents', query: {} }), Accept: 'text/event-stream' },
      signal: leaving.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    await reader?.read();
    leaving.abort();
    await until(() => spans.find((s) => s.name === 'GET /api/v3/projects/:projectId/events/stream'), "the left stream's span, named by its route");
    // A POST whose client gives up before its body is whole (the server waits for the rest): its span
    // is exported, named by its route or by its method alone, never by its raw path.
    const marker = `abandoned-${randomUUID().slice(0, 8)}`;
    const { hostname, port } = new URL(kassa.urls.api);
    const socket = connect(Number(port), hostname);
    await new Promise((r) => socket.once('connect', r));
    // Its headers with Expect: 100-continue: the server's "100 Continue" says it holds the request (its span begun) before the client leaves.
    const continued = new Promise<void>((resolve, reject) => {
      let answer = '';
      socket.on('data', (d: Buffer) => {
        answer += d.toString('latin1');
        if (answer.startsWith('HTTP/1.1 100 Continue\r\n')) resolve();
        else if (answer.includes('\r\n')) reject(new Error(`not 100 Continue: ${answer}`));
      });
      socket.once('close', () => reject(new Error(`closed before 100 Continue: ${answer}`)));
    });
    socket.write(`POST /api/v3/projects/7/invoices?m=${marker} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n`);
    await continued;
    await new Promise((r) => socket.write('{"order":', r));
    socket.destroy();
    const left = await until(
      () => spans.find((s) => s.scope.includes('instrumentation-http') && s.attributes['url.path'] === '/api/v3/projects/7/invoices'),
      'the abandoned POST span (project 7: no other test calls it)',
    );
    expect(['POST', 'POST /api/v3/projects/:projectId/invoices']).toContain(left.name);
    // The admin listener's spans are named by its routes as well.
    await (await fetch(`${kassa.urls.admin}/admin/v1/partners`, { headers: { authorization: `Bearer ${FUZZ_ADMIN_TOKEN}` } })).arrayBuffer();
    await until(() => spans.find((s) => s.name === 'GET /admin/v1/partners' && s.attributes['http.route'] === '/admin/v1/partners'), "the admin listener's span");
  }, 30_000);

  it('no password, PIN, card number, full msisdn or query token in any exported attribute; spans are named by route, never by raw path', async () => {
    // The spans of the tests above, all of them.
    await exportedSoFar();
    const exported = bodies.join('\n');
    expect(exported.length).toBeGreaterThan(1000);
    for (const forbidden of [PARTNER.password, WEBHOOK_SECRET, SUBS_SECRET, msisdn, 'merchant-query-token', `"${PIN}"`]) expect(exported).not.toContain(forbidden);
    // The http/json body holds attribute values as JSON strings: a PIN anywhere is a quoted value.
    expect(spans.every((s) => !Object.values(s.attributes).some((v) => String(v) === PIN))).toBe(true);
    const serverSpans = spans.filter((s) => s.scope.includes('instrumentation-http') && s.attributes['http.route'] !== undefined);
    expect(serverSpans.length).toBeGreaterThan(0);
    for (const s of spans.filter((x) => x.scope.includes('instrumentation-http'))) expect(s.name).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|\d{5,}/);
  });
});

describe('stopping with a collector that never answers', () => {
  it('stops promptly on SIGTERM: the last export is given a short deadline, not its 10 s timeout', async () => {
    // A collector that takes each export and never answers it (nor closes the connection).
    const held: ServerResponse[] = [];
    let exportsSeen = 0;
    const silent = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        exportsSeen += 1;
        held.push(res);
      });
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const stuck = await startKassaProcess({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // The batch waits for the stop: the spans below are sent by the shutdown's flush.
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    });
    try {
      for (let i = 0; i < 5; i++) await (await fetch(`${stuck.urls.api}/api/v3/projects/1/invoices/unknown-${i}`)).arrayBuffer();
      const started = Date.now();
      const code = await stuck.stop();
      const tookMs = Date.now() - started;
      // The flush was attempted (the collector took it), and did not hold the stop.
      expect(exportsSeen).toBeGreaterThan(0);
      expect(code).toBe(0);
      expect(tookMs).toBeLessThan(5_000);
    } finally {
      for (const res of held) res.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  }, 30_000);
});
