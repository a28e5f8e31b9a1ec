import { type Exchange, exchangeOf, merchantTool, merchantToolsInstalled } from '@kassa-payments/devkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The admin API as an operator's own tool sees it: every route's answers (successes and refusals)
// validated by openapi-core against the served document, parsed by a client openapi-python-client
// generates from it; lists paged one way; snake_case, whole-second times; old names deprecated.
const TOKEN = 'admin-api-e2e-token-0123456789-abcdef';
const secret = (seed: string) => `whsec_${Buffer.from(seed.padEnd(32, '.')).toString('base64')}`;
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

let t: TestKassa;
// biome-ignore lint/suspicious/noExplicitAny: the served document, read as JSON
let document: any;
const exchanges: Exchange[] = [];

/** The operationId of a request, from the served document's paths. */
function operationOf(method: string, path: string): string {
  for (const [template, item] of Object.entries((document?.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>)) {
    if (!new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(path)) continue;
    const op = item[method.toLowerCase()]?.operationId;
    if (op) return op;
  }
  return 'unknown';
}

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the admin API's JSON as it comes
  readonly body: any;
}

/** One admin request, recorded; `valid` false: a request meant to be refused (not checked against the document's request rules). */
async function admin(method: string, path: string, body?: unknown, options: { token?: string | null; valid?: boolean; raw?: string; base?: string } = {}): Promise<Answer> {
  const token = options.token === undefined ? TOKEN : options.token;
  const text = options.raw ?? (body === undefined ? '' : JSON.stringify(body));
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(text ? { 'content-type': 'application/json' } : {}) };
  const url = new URL(`${options.base ?? t.kassa.urls.admin}${path}`);
  const response = await fetch(url, { method, headers, ...(text ? { body: text } : {}) });
  const answer = await response.text();
  const exchange = exchangeOf({ url, method, headers, body: text }, response, answer, operationOf(method, url.pathname));
  exchanges.push(options.valid === false ? { ...exchange, bad: true } : exchange);
  return { status: response.status, headers: response.headers, body: exchange.content_type.includes('json') ? JSON.parse(answer) : answer };
}

const WHOLE_SECOND = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

/** Every key of a JSON value (changes' own keys aside), for the snake_case check. */
function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      into.push(k);
      keysOf(v, into);
    }
  return into;
}

beforeAll(async () => {
  t = await startTestKassa(
    { KASSA_ADMIN_TOKEN: TOKEN },
    { seed: { partners: [{ login: MERCHANT.login, password: MERCHANT.password, projects: [{ id: P.main, defaultPrice: { amount: '10.00', currency: 'RUB' } }] }] } },
  );
  document = (await admin('GET', '/admin/v1/openapi.json', undefined, { token: null })).body;
  exchanges.length = 0;
  await operatorRun();
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

const LOGINS = ['admin-e2e-a', 'admin-e2e-b', 'admin-e2e-c'];

/** An operator's run through every route: its successes and its refusals. */
async function operatorRun(): Promise<void> {
  await admin('GET', '/health', undefined, { token: null });
  await admin('GET', '/ready', undefined, { token: null });
  await admin('GET', '/metrics', undefined, { token: null });
  await admin('GET', '/metrics', undefined, { token: TOKEN });
  for (const login of LOGINS) await admin('POST', '/admin/v1/partners', { login, password: `${login}-password-0123`, test_callback_allowed: true });
  await admin('GET', '/admin/v1/partners?limit=2');
  await admin('GET', `/admin/v1/partners/${LOGINS[0]}`);
  await admin('PATCH', `/admin/v1/partners/${LOGINS[0]}`, { test_callback_allowed: false });
  await admin('POST', `/admin/v1/partners/${LOGINS[0]}/password/rotate`, { password: 'rotated-password-0123456', previous_valid_until: inSeconds(600) });
  for (const id of [700_001, 700_002, 700_003]) {
    await admin('POST', '/admin/v1/projects', { partner_login: LOGINS[1], id, client_ip_required: false, webhook_url: 'https://shop.example/hooks', webhook_secret: secret(`p${id}`) });
  }
  await admin('GET', `/admin/v1/projects?partner=${LOGINS[1]}&limit=2`);
  await admin('GET', '/admin/v1/projects/700001');
  await admin('PATCH', '/admin/v1/projects/700001', { active: false, ip_whitelist: ['203.0.113.7'] });
  await admin('POST', '/admin/v1/projects/700001/secrets/webhook/rotate', { secret: secret('rotated'), previous_valid_until: inSeconds(600) });
  await admin('POST', '/admin/v1/secrets/reseal');
  await admin('GET', '/admin/v1/deliveries?state=dead&limit=5');
  await admin('POST', '/admin/v1/deliveries/recover', { project_id: P.main, from: inSeconds(-3600) });
  await admin('GET', '/admin/v1/audit?limit=3');
  // Refusals: no token, a wrong one, bad bodies and parameters, unknown records, taken keys, a body too large.
  await admin('GET', '/admin/v1/partners', undefined, { token: null, valid: false });
  await admin('GET', '/admin/v1/audit', undefined, { token: `${TOKEN}x`, valid: false });
  await admin('POST', '/admin/v1/partners', { login: 'short-password', password: 'short' }, { valid: false });
  await admin('POST', '/admin/v1/partners', { login: LOGINS[0], password: 'another-password-0123' });
  await admin('GET', '/admin/v1/partners/nobody-at-all');
  await admin('PATCH', '/admin/v1/partners/nobody-at-all', { test_callback_allowed: true });
  await admin('GET', '/admin/v1/projects/999999');
  await admin('PATCH', '/admin/v1/projects/700001', { ip_whitelist: ['not-an-ip'] }, { valid: false });
  await admin('POST', '/admin/v1/projects', { partner_login: LOGINS[1], id: 700_001 });
  await admin('POST', '/admin/v1/projects/999999/secrets/subscription/rotate', { secret: secret('x'), previous_valid_until: inSeconds(60) });
  await admin('GET', '/admin/v1/audit?limit=0', undefined, { valid: false });
  await admin('GET', '/admin/v1/deliveries?cursor=not-a-cursor', undefined, { valid: false });
  await admin('GET', '/admin/v1/partners?cursor=bm9wZQ');
  await admin('POST', '/admin/v1/deliveries/recover', { from: 'yesterday' }, { valid: false });
  await admin('POST', '/admin/v1/partners', undefined, { raw: JSON.stringify({ login: 'big', password: 'x'.repeat(70_000) }), valid: false });
  await admin('POST', '/admin/v1/partners', undefined, { raw: '{"login":', valid: false });
  // Without KASSA_ADMIN_TOKEN the admin API is off: 403, whatever the token sent.
  const off = await startTestKassa({});
  try {
    await admin('GET', '/admin/v1/audit', undefined, { base: off.kassa.urls.admin, valid: false });
    await admin('POST', '/admin/v1/partners', { login: 'off', password: 'a-long-password-0123' }, { base: off.kassa.urls.admin, valid: false });
  } finally {
    await off.stop();
  }
}

describe('the admin API and its document', () => {
  it('are installed', () => expect(merchantToolsInstalled(), 'run scripts/ensure-merchant-tools.sh').toBe(true));

  it('covers every operation of the document, and every error status it declares is answered somewhere', () => {
    const operations = new Set(exchanges.map((x) => x.operation));
    const declared = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item)
        .map((o) => o.operationId)
        .filter(Boolean),
    );
    expect(declared.filter((op) => !operations.has(op))).toEqual([]);
    expect(new Set(exchanges.map((x) => x.status))).toEqual(new Set([200, 201, 400, 401, 403, 404, 409, 413]));
  });

  it('answers every exchange as the document says (openapi-core: requests and answers, headers included)', async () => {
    const result = await merchantTool<{ checked: number; problems: string[] }>('validate-openapi', { document, exchanges, webhooks: [] });
    expect(result.problems).toEqual([]);
    expect(result.checked).toBe(exchanges.length);
  });

  it('a client generated from the document parses every answer into its typed models', async () => {
    // /metrics is Prometheus text, not a model to parse.
    const json = exchanges.filter((x) => x.content_type === 'application/json');
    expect(json.length).toBe(exchanges.length - 2);
    const result = await merchantTool<{ generated: boolean; parsed: number; problems: string[]; warnings: string[]; output?: string }>('generate-client', { document, exchanges: json });
    expect(result.output ?? '').toBe('');
    expect(result).toMatchObject({ generated: true, problems: [], parsed: json.length });
  }, 120_000);

  it('answers in the v3 envelope, snake_case, with whole-second UTC times and every secret as [set]', () => {
    for (const x of exchanges.filter((e) => e.path.startsWith('/admin/v1/') && !e.path.endsWith('openapi.json'))) {
      const body = JSON.parse(x.response_body);
      expect(body.success, `${x.method} ${x.path}`).toBe(x.status < 300);
      expect(body[x.status < 300 ? 'data' : 'error'], `${x.method} ${x.path}`).toBeDefined();
      expect(x.response_headers['x-request-id']).toBeTruthy();
      expect(x.response_body).not.toContain('whsec_');
      expect(x.response_body).not.toContain('password-0123');
      const camel = keysOf(body.data).filter((k) => /[A-Z]/.test(k));
      expect(camel, `${x.method} ${x.path}`).toEqual([]);
      for (const m of x.response_body.matchAll(/"(?:at|created_at|valid_until|next_attempt_at)":"([^"]+)"/g)) expect(m[1]).toMatch(WHOLE_SECOND);
    }
  });

  it('declares Retry-After on 503, Allow on 405 and WWW-Authenticate on 401, and answers 405 with Allow', async () => {
    const responses = Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> }>).flatMap((o) => (o.responses ? [o.responses] : [])),
    );
    for (const r of responses) {
      // /ready's 503 is its report (not ready), not a refusal: only the error envelope's 503 says when to retry.
      if (JSON.stringify(r['503'] ?? {}).includes('Error503')) expect(Object.keys(r['503']?.headers ?? {})).toContain('Retry-After');
      if (r['401']) expect(Object.keys(r['401'].headers ?? {})).toContain('WWW-Authenticate');
      for (const answer of Object.values(r)) expect(Object.keys(answer.headers ?? {})).toContain('X-Request-Id');
    }
    expect(document.components.responses.MethodNotAllowed.headers.Allow).toBeDefined();
    const refused = await fetch(`${t.kassa.urls.admin}/admin/v1/partners`, { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await refused.json()).toMatchObject({ success: false, error: { code: 'METHOD_NOT_ALLOWED' } });
    // /metrics: the document says a loopback caller needs no token (unless KASSA_ADMIN_METRICS_AUTH=token).
    expect(document.paths['/metrics'].get.security).toEqual([{}, { adminToken: [] }]);
    expect((await fetch(`${t.kassa.urls.admin}/metrics`)).status).toBe(200);
  });
});

describe('the admin request log', () => {
  it('masks a body by either of its names: a secret as [set], a URL without its query', async () => {
    const token = 'snake-url-token-8c1f';
    const webhookSecret = secret('snake-logged');
    for (const change of [
      { subscription_notification_url: `https://shop.example/subs?key=${token}`, webhook_url: 'https://shop.example/hooks', webhook_secret: webhookSecret },
      { returnUrl: `https://shop.example/back#${token}`, webhookSecret },
    ]) {
      expect((await admin('PATCH', '/admin/v1/projects/700003', change, { valid: false })).status).toBe(200);
    }
    const logged = t.logs.filter((l) => l.includes('"host":"admin"') && l.includes('/admin/v1/projects/700003'));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(webhookSecret);
    }
  });
});

describe('the admin lists', () => {
  /** Every item of a list, page by page at `limit`; the pages' sizes. */
  async function pages(path: string, limit: number, between?: () => Promise<void>): Promise<{ keys: string[]; sizes: number[]; last: unknown }> {
    const keys: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    let last: unknown;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const { status, body } = await admin('GET', `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      keys.push(...body.data.items.map((i: { login?: string; id?: number | string }) => String(i.login ?? i.id)));
      sizes.push(body.data.items.length);
      last = body.data.next_cursor;
      cursor = body.data.next_cursor;
      if (between) await between();
    } while (cursor !== null);
    return { keys, sizes, last };
  }

  it('page by limit and cursor; next_cursor is null exactly on the last page; pages neither overlap nor skip while records are added', async () => {
    const before = (await admin('GET', '/admin/v1/partners?limit=100')).body.data.items.map((p: { login: string }) => p.login);
    let added = 0;
    const { keys, sizes, last } = await pages('/admin/v1/partners', 2, async () => {
      added += 1;
      await admin('POST', '/admin/v1/partners', { login: `admin-e2e-added-${added}`, password: 'an-added-password-0123' });
    });
    expect(last).toBeNull();
    expect(new Set(keys).size).toBe(keys.length);
    for (const login of before) expect(keys).toContain(login);
    expect(sizes.slice(0, -1).every((s) => s === 2)).toBe(true);
    expect(sizes.at(-1)).toBeGreaterThan(0);
    expect([...keys].sort()).toEqual(keys);

    const audit = await pages('/admin/v1/audit', 4, async () => {
      await admin('PATCH', `/admin/v1/partners/${LOGINS[2]}`, { test_callback_allowed: true });
    });
    expect(new Set(audit.keys).size).toBe(audit.keys.length);
    const projects = await pages(`/admin/v1/projects?partner=${LOGINS[1]}`, 2);
    expect(projects.keys).toEqual(['700001', '700002', '700003']);
    expect(projects.sizes).toEqual([2, 1]);
  });

  it('refuse a bad limit or cursor in the envelope (400), and read the names of before with Deprecation', async () => {
    for (const q of [
      '/admin/v1/partners?cursor=%25%25',
      '/admin/v1/projects?limit=101',
      '/admin/v1/audit?cursor=WyJhIiwiYiJd',
      '/admin/v1/deliveries?limit=abc',
      '/admin/v1/audit?cursor=eyJ4IjoxfQ',
    ]) {
      const { status, body } = await admin('GET', q, undefined, { valid: false });
      expect(status, q).toBe(400);
      expect(body).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    }
    const old = await admin('GET', `/admin/v1/deliveries?state=dead&projectId=${P.main}`);
    expect(old.status).toBe(200);
    expect(old.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(old.body.data.deliveries).toEqual(old.body.data.items);
    expect((await admin('GET', `/admin/v1/deliveries?state=dead&project_id=${P.main}`)).headers.get('deprecation')).toBeNull();
    const camel = await admin('PATCH', `/admin/v1/partners/${LOGINS[2]}`, { testCallbackAllowed: false }, { valid: false });
    expect(camel.status).toBe(200);
    expect(camel.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(camel.body.data.test_callback_allowed).toBe(false);
    const twice = await admin('PATCH', `/admin/v1/partners/${LOGINS[2]}`, { testCallbackAllowed: false, test_callback_allowed: true }, { valid: false });
    expect(twice.body.error.message).toMatch(/^test_callback_allowed: given twice/);
    const unknown = await admin('POST', '/admin/v1/partners', { login: 'x-unknown', password: 'a-long-password-0123', extra_field: 1 }, { valid: false });
    expect(unknown.body.error.message).toBe('extra_field: not a field of this request');
    const bad = await admin('PATCH', '/admin/v1/projects/700002', { ip_whitelist: ['nope'] }, { valid: false });
    expect(bad.body.error.message).toMatch(/^ip_whitelist\.0: /);
  });
});
