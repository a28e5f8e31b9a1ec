import fc from 'fast-check';
import type { FuzzBody } from './bodies.js';

/**
 * The admin API's own partners and projects: the fuzzer creates, changes and rotates these, never
 * the fuzz partner or its projects 1 and 2 (a rotated fuzz password would end every signed request).
 */
export const ADMIN_LOGINS = ['fuzz-admin-1', 'fuzz-admin-2', 'fuzz-admin-3'] as const;
export const ADMIN_PROJECTS = ['101', '102', '103'] as const;

/** What a merchant may keep in a URL's query or fragment: no log line may carry it (the admin request log keeps URLs without them). */
export const ADMIN_URL_TOKEN = 'fuzz-url-query-token-5d1e';

const login = fc.constantFrom(...ADMIN_LOGINS);
/** A login to create: the fuzzer's own, or one the directory refuses (control, space, markup, non-ASCII, a leading dash, too long). */
const newLogin = fc.oneof(
  { weight: 4, arbitrary: login },
  { weight: 1, arbitrary: fc.constantFrom('two\nlines', 'tab\tlogin', 'with space', '<b>x</b>', 'a"b', "a'b", 'a&b', '-option', 'логин', '\u202eevil', '', 'x'.repeat(129)) },
);
/** A password: long enough (12 characters or more) or too short. */
const password = fc.oneof(fc.string({ minLength: 12, maxLength: 40 }), fc.string({ maxLength: 11 }));
const projectId = fc.constantFrom(...ADMIN_PROJECTS).map(Number);
const webhookSecret = fc.uint8Array({ minLength: 24, maxLength: 40 }).map((b) => `whsec_${Buffer.from(b).toString('base64')}`);
const time = fc.oneof(
  fc.integer({ min: -86_400, max: 90 * 86_400 }).map((s) => new Date(Date.now() + s * 1000).toISOString()),
  fc.constantFrom('2026-13-45T99:99:99Z', 'tomorrow', '', '1e10', '2100-01-01T00:00:00Z'),
);
const projectFields = fc.record(
  {
    id: projectId,
    active: fc.boolean(),
    clientIpRequired: fc.boolean(),
    ipWhitelist: fc.array(fc.oneof(fc.ipV4(), fc.constantFrom('::1', 'not-an-ip')), { maxLength: 3 }),
    defaultPrice: fc.option(fc.record({ amount: fc.constantFrom('10.00', '0.01', '1', '-5.00', '1e3'), currency: fc.constantFrom('RUB', 'rub', 'RUBX') })),
    returnUrl: fc.option(fc.constantFrom('https://shop.example/return', 'javascript:alert(1)', 'not a url', `https://shop.example/return#${ADMIN_URL_TOKEN}`)),
    webhookUrl: fc.option(fc.constantFrom('https://shop.example/hooks', 'ftp://shop.example', 'http://127.0.0.1:9/hooks', `https://shop.example/hooks?token=${ADMIN_URL_TOKEN}`)),
    webhookSecret: fc.option(fc.oneof(webhookSecret, fc.constantFrom('whsec_short', 'plain'))),
    paymentMethods: fc.array(fc.constantFrom('sbp', 'tpay', 'sberpay', 'mirpay', ''), { maxLength: 4 }),
    webhookFormat: fc.constantFrom('v3', 'legacy', 'v9'),
    minSignatureVersion: fc.constantFrom(3, 4, 5),
    widgetOrigins: fc.array(fc.constantFrom('*', 'https://shop.example', 'https://shop.example/path'), { maxLength: 2 }),
  },
  { requiredKeys: ['id'] },
);

/** A right body for the route, or one with a field of the wrong type or an unknown field. */
function rightBody(path: string): fc.Arbitrary<unknown> {
  if (path === '/admin/v1/partners') return fc.record({ login: newLogin, password, testCallbackAllowed: fc.boolean() }, { requiredKeys: ['login', 'password'] });
  if (path.endsWith('/password/rotate')) return fc.record({ password, previousValidUntil: time });
  if (path.endsWith('/rotate')) return fc.record({ secret: fc.oneof(webhookSecret, fc.constant('whsec_x')), previousValidUntil: time });
  if (/^\/admin\/v1\/partners\/[^/]+$/.test(path)) return fc.record({ password, testCallbackAllowed: fc.boolean() }, { requiredKeys: [] });
  if (path === '/admin/v1/projects') return fc.tuple(login, projectFields).map(([partnerLogin, fields]) => ({ partnerLogin, ...fields }));
  if (/^\/admin\/v1\/projects\/[^/]+$/.test(path)) return projectFields.map(({ id: _id, ...change }) => change);
  if (path.endsWith('/deliveries/recover')) return fc.record({ projectId: projectId, from: time, until: time }, { requiredKeys: [] });
  return fc.constant({});
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A body by the admin API's names: snake_case mostly, the camelCase names of before (still read, with
 * Deprecation) sometimes, and now and then one field under both (refused).
 */
const named = (body: unknown): fc.Arbitrary<unknown> =>
  typeof body !== 'object' || body === null || Array.isArray(body)
    ? fc.constant(body)
    : fc.constantFrom('snake', 'snake', 'snake', 'camel', 'both').map((style) => {
        const entries = Object.entries(body);
        if (style === 'camel') return body;
        const wire = Object.fromEntries(entries.map(([k, v]) => [snake(k), v]));
        const twice = entries.find(([k]) => snake(k) !== k);
        return style === 'both' && twice ? { ...wire, [twice[0]]: twice[1] } : wire;
      });

/** Admin bodies: right ones (they reach the directory and the audit log), and ones with one field wrong. */
export const nearlyRightAdminBody = (path: string): fc.Arbitrary<FuzzBody> =>
  fc
    .tuple(
      rightBody(path.split('?')[0] ?? '').chain(named),
      fc.option(
        fc.tuple(
          fc.constantFrom('id', 'login', 'password', 'active', 'ip_whitelist', 'ipWhitelist', 'extra', 'previous_valid_until', 'partner_login', 'test_callback_allowed'),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        { freq: 3 },
      ),
    )
    .map(([body, wrong]) => ({ kind: wrong ? 'admin-one-field-wrong' : 'admin-right', content: JSON.stringify(wrong ? { ...(body as object), [wrong[0]]: wrong[1] } : body), cardNumbers: [] }));

/** A query of the admin API's lists: right, wrong, repeated; paged (limit 1-100, cursor), by the names of now and of before. */
export const adminQuery = fc.constantFrom(
  '',
  '?state=dead',
  '?state=pending&limit=5&projectId=101',
  '?state=pending&limit=5&project_id=101',
  '?project_id=101&projectId=102',
  '?limit=1',
  '?limit=100',
  '?limit=101',
  '?limit=abc&cursor=',
  '?limit=2&cursor=WyJrZXkiLCJmdXp6LWFkbWluLTEiXQ',
  '?cursor=WyJrZXkiLDEwMV0',
  '?cursor=WyIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJ4Il0',
  '?limit=1&limit=2',
  '?cursor=a&cursor=b',
  '?state=nope',
  '?limit=0',
  '?limit=99999',
  '?from=yesterday',
  '?cursor=%%%',
  '?cursor=WyJhIiwiYiJd',
  '?partner=fuzz-admin-1',
  '?state=dead&state=pending',
  '?extra=1',
);
