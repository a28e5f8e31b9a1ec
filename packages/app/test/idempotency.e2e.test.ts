import { randomUUID } from 'node:crypto';
import { sendRaw } from '@kassa-payments/devkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, fresh, MERCHANT, OTHER, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// Idempotency-Key on the JSON v3 API's POSTs (draft-ietf-httpapi-idempotency-key-header), over real
// HTTP on the storage of this run.
const ip = '203.0.113.7';
let t: TestKassa;
beforeAll(async () => {
  t = await startTestKassa();
});
afterAll(async () => {
  await t?.stop();
});

const keyed = (key: string, login = MERCHANT) => t.client({ login: login.login, password: login.password }).withOptions({ headers: { 'Idempotency-Key': key } });
const invoiceBody = (f: ReturnType<typeof fresh>) => ({ client_ip: ip, customer: { type: 'mobile_phone' as const, msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } });
/**
 * A client whose requests carry `extra` header lines as sent, each on its own line (fetch would join
 * two of one name into one), and no key of its own.
 */
const lines = (extra: [string, string][]) =>
  t.client().withOptions({
    idempotencyKeys: false,
    fetch: (async (input: URL | RequestInfo, init?: RequestInit) => {
      const url = new URL(String(input));
      const headers = [...new Headers(init?.headers)].filter(([name]) => name !== 'content-length');
      const body = typeof init?.body === 'string' ? { body: init.body } : {};
      const answer = await sendRaw(url.origin, { method: init?.method ?? 'GET', path: `${url.pathname}${url.search}`, headers: [...headers, ...extra], ...body });
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    }) as typeof fetch,
  });
const codeOf = (r: { ok: boolean; status: number; error?: { code: string } }) => `${r.status} ${r.ok ? 'ok' : r.error?.code}`;

describe('Idempotency-Key', () => {
  it('a retry with the same key gets the first answer again, marked Idempotent-Replayed; one invoice is created', async () => {
    const key = randomUUID();
    const f = fresh();
    const first = await keyed(key).createInvoice(P.main, invoiceBody(f));
    const again = await keyed(key).createInvoice(P.main, invoiceBody(f));
    expect([first.status, first.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(dataOf(again)).toEqual(dataOf(first));
    // Without the key the spec's own rule answers: the order exists.
    expect(codeOf(await t.client().createInvoice(P.main, invoiceBody(f)))).not.toBe('201 ok');
  });

  it('the same key with another request is 422 IDEMPOTENCY_KEY_MISMATCH; a refusal is stored and replayed too', async () => {
    const key = randomUUID();
    const f = fresh();
    expect((await keyed(key).createInvoice(P.main, invoiceBody(f))).status).toBe(201);
    const other = await keyed(key).createInvoice(P.main, invoiceBody(fresh()));
    expect(codeOf(other)).toBe('422 IDEMPOTENCY_KEY_MISMATCH');
    const refusedKey = randomUUID();
    const wrong = { ...invoiceBody(fresh()), client_ip: 'not-an-ip' };
    const refused = await keyed(refusedKey).createInvoice(P.main, wrong);
    const replayed = await keyed(refusedKey).createInvoice(P.main, wrong);
    expect(codeOf(refused)).toBe('400 BAD_REQUEST');
    expect([codeOf(replayed), replayed.headers.get('idempotent-replayed')]).toEqual(['400 BAD_REQUEST', 'true']);
  });

  it('compares what the body means: keys in another order and spaces replay; a number for a string is another request', async () => {
    const key = randomUUID();
    const f = fresh();
    const body = invoiceBody(f);
    const path = `/api/v3/projects/${P.main}/invoices`;
    const compact = JSON.stringify(body);
    // What another serializer sends: the keys reversed at every level, with spaces (as Python's requests does).
    const reversed = (v: unknown): unknown =>
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v)
              .reverse()
              .map(([k, x]) => [k, reversed(x)]),
          )
        : v;
    const spaced = JSON.stringify(reversed(body)).replaceAll('":', '": ').replaceAll(',"', ', "');
    expect(spaced).not.toBe(compact);
    // Signed over what the text says (the signature covers the body's fields).
    const send = (rawBody: string) => keyed(key).send({ method: 'POST', path, operation: 'createInvoice', body: JSON.parse(rawBody) as unknown, rawBody });
    const first = await send(compact);
    const again = await send(spaced);
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    // The same text but for a string that became a number: not the same request.
    const typed = compact.replace(`"merchant_order_id":"${f.orderId}"`, `"merchant_order_id":${Number.parseInt(f.orderId.replace(/\D/g, '').slice(0, 9) || '1', 10)}`);
    expect(typed).not.toBe(compact);
    expect(codeOf(await send(typed))).toBe('422 IDEMPOTENCY_KEY_MISMATCH');
  });

  it('a malformed key is 400 naming the header; a structured-field string ("…") is the same key as bare', async () => {
    for (const bad of ['x'.repeat(256), 'tab\there']) {
      const r = await keyed(bad).createInvoice(P.main, invoiceBody(fresh()));
      expect(codeOf(r)).toBe('400 BAD_REQUEST');
      expect(!r.ok && r.error.message).toContain('Idempotency-Key');
    }
    const key = randomUUID();
    const f = fresh();
    expect((await keyed(`"${key}"`).createInvoice(P.main, invoiceBody(f))).status).toBe(201);
    expect((await keyed(key).createInvoice(P.main, invoiceBody(f))).headers.get('idempotent-replayed')).toBe('true');
  });

  it('two Idempotency-Key headers are 400 BAD_REQUEST, not one key "k1, k2"; a bare key with a comma too; a quoted key may hold one', async () => {
    const [k1, k2] = [randomUUID(), randomUUID()];
    const f = fresh();
    const twice = await lines([
      ['Idempotency-Key', k1],
      ['Idempotency-Key', k2],
    ]).createInvoice(P.main, invoiceBody(f));
    expect([codeOf(twice), !twice.ok && twice.error.message]).toEqual(['400 BAD_REQUEST', expect.stringContaining('Idempotency-Key')]);
    // Nothing ran under either key, nor under the two joined.
    const first = await keyed(k1).createInvoice(P.main, invoiceBody(f));
    expect([first.status, first.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(codeOf(await keyed(`${k1}, ${k2}`).createInvoice(P.main, invoiceBody(f)))).toBe('400 BAD_REQUEST');
    // A structured-field string holds a comma as any other character; two of them joined are two keys.
    expect(codeOf(await keyed('"a", "b"').createInvoice(P.main, invoiceBody(fresh())))).toBe('400 BAD_REQUEST');
    const comma = `"${randomUUID()},x"`;
    const g = fresh();
    expect((await keyed(comma).createInvoice(P.main, invoiceBody(g))).status).toBe(201);
    expect((await keyed(comma).createInvoice(P.main, invoiceBody(g))).headers.get('idempotent-replayed')).toBe('true');
  });

  it('a keyed reset keeps its own key: a retry with it replays the first answer and resets nothing; the keys of other requests go with the reset', async () => {
    const [other, key] = [randomUUID(), randomUUID()];
    const f = fresh();
    expect((await keyed(other).createInvoice(P.noIp, invoiceBody(f))).status).toBe(201);
    const reset = await keyed(key).resetTestData(P.noIp);
    expect([reset.status, reset.headers.get('idempotent-replayed')]).toEqual([200, null]);
    // Created after the reset: a second reset would remove it.
    const after = dataOf(await t.client().createInvoice(P.noIp, invoiceBody(fresh())));
    const again = await keyed(key).resetTestData(P.noIp);
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(dataOf(again)).toEqual(dataOf(reset));
    expect((await t.client().getInvoice(P.noIp, after.invoice_id)).status).toBe(200);
    // The other request's key went with the reset (and its invoice): the same request again is a new one.
    const retried = await keyed(other).createInvoice(P.noIp, invoiceBody(f));
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, null]);
  });

  it('50 racing retries with one key create one invoice: the others are identical replays or 409 with Retry-After', async () => {
    const key = randomUUID();
    const f = fresh();
    const answers = await Promise.all(Array.from({ length: 50 }, () => keyed(key).createInvoice(P.main, invoiceBody(f))));
    const created = answers.filter((a) => a.status === 201);
    const inUse = answers.filter((a) => codeOf(a) === '409 IDEMPOTENCY_KEY_IN_USE');
    expect(created.length + inUse.length).toBe(50);
    expect(created.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(new Set(created.map((a) => dataOf(a).invoice_id)).size).toBe(1);
    for (const a of inUse) expect(a.headers.get('retry-after')).toBe('1');
  });

  it("a key belongs to its partner and project: another's same key is a request of its own", async () => {
    const key = randomUUID();
    expect((await keyed(key).createInvoice(P.main, invoiceBody(fresh()))).status).toBe(201);
    expect((await keyed(key, OTHER).createInvoice(P.other, invoiceBody(fresh()))).headers.get('idempotent-replayed')).toBeNull();
  });

  it('the events a keyed request caused show its key beside its request id', async () => {
    const key = `authorize-${randomUUID()}`;
    const f = fresh();
    const contract = dataOf(await t.client().createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
    const authorized = await keyed(key).authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '1234' });
    expect(authorized.ok).toBe(true);
    // The event log is filled by the relay, a moment later.
    const events = await eventually(
      async () => dataOf(await t.client().listEvents(P.main, { type: 'contract.authorized' })).items,
      (list) => list.some((e) => JSON.stringify(e.data).includes(contract.contract_id)),
      5_000,
    );
    expect(events.find((e) => JSON.stringify(e.data).includes(contract.contract_id))).toMatchObject({ idempotency_key: key, request_id: authorized.headers.get('x-request-id') });
  });
});

describe('the merchant client', () => {
  /** A fetch that records each call's Idempotency-Key, and can lose an answer or fail before the server. */
  function recordingFetch(plan: ('lose-answer' | 'answer-503' | 'pass')[]) {
    const keys: (string | null)[] = [];
    const fetcher = async (input: URL | RequestInfo, init?: RequestInit): Promise<Response> => {
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      const step = plan.shift() ?? 'pass';
      if (step === 'answer-503') return new Response(JSON.stringify({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } }), { status: 503 });
      const response = await fetch(input, init);
      if (step === 'lose-answer') throw new DOMException('The operation timed out', 'TimeoutError');
      return response;
    };
    return { keys, fetcher: fetcher as typeof fetch };
  }
  const client = (f: typeof fetch) => t.client().withOptions({ fetch: f, retries: 2, retryDelayMs: 10 });

  it('sends a key on every POST (none on a GET), and a retry after a lost answer gets the first answer, not a second invoice', async () => {
    const { keys, fetcher } = recordingFetch(['lose-answer', 'pass']);
    const f = fresh();
    const created = await client(fetcher).createInvoice(P.main, invoiceBody(f));
    expect([created.status, created.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const found = await client(fetcher).findInvoiceByOrderId(P.main, f.orderId);
    expect(dataOf(found).invoice_id).toBe(dataOf(created).invoice_id);
    expect(keys[2]).toBeNull();
  });

  it('retries a 5xx with the same key, and gives up after its retries with the last answer', async () => {
    const once = recordingFetch(['answer-503', 'pass']);
    expect((await client(once.fetcher).createInvoice(P.main, invoiceBody(fresh()))).status).toBe(201);
    expect(new Set(once.keys).size).toBe(1);
    const always = recordingFetch(['answer-503', 'answer-503', 'answer-503']);
    expect((await client(always.fetcher).createInvoice(P.main, invoiceBody(fresh()))).status).toBe(503);
    expect(always.keys).toHaveLength(3);
  });
});

describe.runIf(process.env['KASSA_E2E_STORAGE'] === 'mongo')('Idempotency-Key across a restart (MongoDB)', () => {
  it('a retry after the api process restarted is replayed from storage', async () => {
    const database = `kassa_idem_${randomUUID().slice(0, 8)}`;
    const first = await startTestKassa({ MONGO_DB: database });
    const key = randomUUID();
    const f = fresh();
    let answer: Awaited<ReturnType<ReturnType<typeof keyed>['createInvoice']>>;
    try {
      answer = await first
        .client()
        .withOptions({ headers: { 'Idempotency-Key': key } })
        .createInvoice(P.main, invoiceBody(f));
      expect(answer.status).toBe(201);
    } finally {
      await first.kassa.stop();
    }
    const second = await startTestKassa({ MONGO_DB: database });
    try {
      const replayed = await second
        .client()
        .withOptions({ headers: { 'Idempotency-Key': key } })
        .createInvoice(P.main, invoiceBody(f));
      expect([replayed.status, replayed.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
      expect(dataOf(replayed)).toEqual(dataOf(answer));
    } finally {
      await second.stop();
    }
  }, 30_000);
});
