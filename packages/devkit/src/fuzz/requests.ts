import fc from 'fast-check';
import { bodyDigest, requestPayload, signRequest, signRequestV5, timestampOf } from '@kassa-payments/protocol';
import type { ListenerName } from '@kassa-payments/app';
import { hostileBody, nearlyRightBody, type FuzzBody } from './bodies.js';
import { endpointFormFields, formContentType, hostileForm, nearlyRightForm, type KnownPayment } from './form-bodies.js';
import { hostileSubscriptionXml, hostileXml, nearlyRightSubscriptionXml, nearlyRightXml, xmlContentType } from './xml-bodies.js';
import { FUZZ_ADMIN_TOKEN, FUZZ_PARTNER } from './kassa-process.js';
import { ADMIN_LOGINS, ADMIN_PROJECTS, adminQuery, nearlyRightAdminBody } from './admin-bodies.js';
import type { RawRequest } from './raw-http.js';
import type { FuzzRoute, FuzzTarget } from './targets.js';

/** One request of the fuzzer, the listener it goes to, and what no log line may carry afterwards. */
export interface FuzzCase {
  readonly host: ListenerName;
  readonly request: RawRequest;
  readonly body: FuzzBody | undefined;
  /** Signatures sent with the request: never logged. */
  readonly signatures: readonly string[];
  /** A widget token sent with the request: never logged. */
  readonly token?: string;
}

const HOSTILE_IDS = [
  '99999999999999999999',
  '2147483648',
  '-1',
  '1e3',
  '0x10',
  '%ZZ',
  '%E0%A4%A',
  '%',
  '%00',
  '..',
  '%2e%2e',
  '1%2F2',
  '%F0%9F%92%B3',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(300),
];

const projectId = fc.oneof({ weight: 8, arbitrary: fc.constantFrom('1', '2') }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS) }, { weight: 1, arbitrary: fc.nat().map(String) });
const resourceId = fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS) }, { weight: 1, arbitrary: fc.string().map(encodeURIComponent) });

/** The admin routes' own partners and projects, or hostile ids (never the fuzz partner's: see admin-bodies). */
const adminLogin = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ADMIN_LOGINS) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS) });
const adminProject = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ADMIN_PROJECTS) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS) });

/** The admin API's bearer token: right most of the time in nearly right requests; right, wrong or none in hostile ones. */
const adminAuth = (right: boolean): fc.Arbitrary<[string, string][]> =>
  right
    ? fc.constant([['Authorization', `Bearer ${FUZZ_ADMIN_TOKEN}`]])
    : fc.oneof(
        fc.constant<[string, string][]>([['Authorization', `Bearer ${FUZZ_ADMIN_TOKEN}`]]),
        fc.constant<[string, string][]>([]),
        fc.constantFrom<[string, string][]>(
          [['Authorization', 'Bearer wrong']],
          [['Authorization', `Basic ${FUZZ_ADMIN_TOKEN}`]],
          [['Authorization', `Bearer ${'x'.repeat(600)}`]],
          [['Authorization', 'Bearer']],
        ),
      );

const query = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((v) => `?merchant_order_id=${encodeURIComponent(v)}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?merchant_order_id=a&merchant_order_id=b',
      '?merchant_order_id[]=a',
      '?merchant_order_id[a][b]=c',
      '?=',
      '?%ZZ=%ZZ',
      '?t=x&invoiceId=y&token=z',
      '?useSbp=true&payType=tpay&deviceType=Mobile',
      `?${'a=1&'.repeat(2_000)}`,
    ),
  },
  { weight: 1, arbitrary: fc.webQueryParameters().map((q) => `?${q}`) },
  // The streams' queries: types, since, status and path, right, hostile, huge or repeated.
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('types', 'since', 'status', 'path', 'types[]'),
        fc.oneof(
          fc.constantFrom(
            'payment.updated',
            'payment.updated,,',
            'subscription.activated',
            '4xx',
            '6xx',
            '999',
            '2026-11-26T00:00:00Z',
            '2026-02-31T00:00:00Z',
            '/invoices',
            'invoices',
            'x'.repeat(500),
          ),
          fc.string({ maxLength: 80 }),
        ),
        fc.boolean(),
      )
      .map(([name, value, twice]) => `?${name}=${encodeURIComponent(value)}${twice ? `&${name}=${encodeURIComponent(value)}` : ''}`),
  },
  // The lists' paging: limit and cursor (and the events' after of before), right or hostile.
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('limit', 'cursor', 'after'),
        fc.oneof(fc.constantFrom('0', '1', '20', '100', '101', '-1', '1e2', '', 'WyIyMDI2LTExLTI2VDAwOjAwOjAwWiIsIngiXQ', 'WzEsMl0'), fc.string({ maxLength: 80 })),
      )
      .map(([name, value]) => `?${name}=${encodeURIComponent(value)}`),
  },
);

/**
 * A Last-Event-ID that is no stream entry's id (the events stream's are digits, the requests
 * stream's API call ids), so that a stream route answers 400 rather than a stream that never ends:
 * empty, spaced, too long, two ids, a lone or double `~`, control and non-ASCII characters, or the
 * header twice (Node joins the two with a comma).
 */
const hostileLastEventId: fc.Arbitrary<[string, string][]> = fc.oneof(
  fc
    .oneof(
      fc.constantFrom('', ' ', 'a b', 'x'.repeat(300), `${'a'.repeat(101)}`, '../../etc/passwd', 'a,b', '~', 'a~', '~a', 'a~b~c', '%00', 'évènement', '"quoted"', '<script>'),
      fc.string({ maxLength: 60 }).map((s) => `${s.replace(/[\r\n]/g, '')} !`),
    )
    .map((v): [string, string][] => [['Last-Event-ID', v]]),
  fc.tuple(fc.uuid(), fc.uuid()).map(([a, b]): [string, string][] => [
    ['Last-Event-ID', a],
    ['Last-Event-ID', b],
  ]),
);

/** What the app gave out so far: invoice and contract ids (201 answers), and card invoices with their widget tokens. */
export interface Known {
  readonly ids: readonly string[];
  readonly payments: readonly KnownPayment[];
  /** The fuzz partner's dashboard session (its cookie) and the session's CSRF token, when it signed in. */
  readonly dashboard?: { readonly cookie: string; readonly csrf: string };
}

/** A dashboard page's query: its filters and cursor, right or hostile. */
const dashboardQuery = fc
  .array(
    fc.tuple(
      fc.constantFrom('state', 'from', 'to', 'order', 'mcid', 'after', 'type', 'status', 'lang', 'notice', 'resent', 'state[]', 'period', 'period[]'),
      fc.oneof(
        fc.constantFrom(
          'created',
          'processed',
          'Processed',
          '7d',
          '30d',
          '__proto__',
          'active',
          'dead',
          'payment.updated',
          '2026-11-24',
          '2026-02-31',
          'en',
          'reset',
          'TEST_CLOCK_ADVANCING',
          '12',
          'MjAyNnxh',
          'saved',
          'WEBHOOK_ENDPOINT_LIMIT_EXCEEDED',
          'constructor',
        ),
        fc.string({ maxLength: 60 }),
        fc.string({ unit: 'binary', maxLength: 30 }),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`));

/** A dashboard form: the session's CSRF token (right most of the time) and the forms' fields, right or hostile. */
const dashboardForm = (csrf: string): fc.Arbitrary<FuzzBody> =>
  fc
    .tuple(
      fc.record(
        {
          csrf: fc.oneof({ weight: 4, arbitrary: fc.constant(csrf) }, { weight: 1, arbitrary: fc.string({ maxLength: 60 }) }),
          frozen_time: fc.oneof(fc.constantFrom('2027-01-01T00:00:00Z', '2028-06-01T00:00:00Z', '1999-01-01T00:00:00Z', 'soon'), fc.string({ maxLength: 40 })),
          name: fc.string({ maxLength: 60 }),
          outcome: fc.constantFrom('paid', 'declined', 'maybe'),
          from: fc.constantFrom('2026-11-01', '2026-13-40', ''),
          to: fc.constantFrom('2026-12-01', 'x', ''),
        },
        { requiredKeys: [] },
      ),
      fc.option(endpointFormFields, { nil: [] }),
    )
    .map(([fields, endpoint]): FuzzBody => ({ kind: 'dashboard-form', content: new URLSearchParams([...Object.entries(fields), ...endpoint]).toString(), cardNumbers: [] }));

/** The session cookie of a dashboard request: the right one, another, or none (hostile requests). */
const dashboardCookie = (known: Known, right: boolean): fc.Arbitrary<[string, string][]> => {
  const good: [string, string][] = known.dashboard ? [['Cookie', known.dashboard.cookie]] : [];
  return right
    ? fc.oneof({ weight: 6, arbitrary: fc.constant(good) }, { weight: 1, arbitrary: fc.constant<[string, string][]>([...good, ['X-Dashboard-Fragment', '1']]) })
    : fc.oneof(
        fc.constant(good),
        fc.constant<[string, string][]>([]),
        fc.string({ maxLength: 80 }).map((v): [string, string][] => [['Cookie', `kassa_session=${v}`]]),
      );
};

/** A widget route's query: an invoice and its token (a real pair most of the time), and the route's own parameters. */
const widgetQuery = (route: FuzzRoute, known: Known) =>
  (known.payments.length > 0
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known.payments) }, { weight: 1, arbitrary: fc.tuple(fc.uuid(), fc.string({ maxLength: 40 })) })
    : fc.tuple(fc.uuid(), fc.string({ maxLength: 40 }))
  ).map(([invoiceId, token]) => ({ invoiceId, query: `?invoiceId=${encodeURIComponent(invoiceId)}&t=${encodeURIComponent(token)}${route.widget?.query ? `&${route.widget.query}` : ''}` }));

/** The subscription service's method a route is for, from its path. */
const methodOf = (route: FuzzRoute) => /\/Http\/Services\/([A-Za-z]+)/.exec(route.path)?.[1] ?? '';

/** One of the listener's routes, each as often as its weight says. */
const routeOf = (target: FuzzTarget) => fc.oneof(...target.routes.map((route) => ({ weight: route.weight ?? 1, arbitrary: fc.constant(route) })));

/** A path of the listener's routes with ids filled in (right or hostile), or a path of its own. */
/** How a route's path is spelled, ids filled in: as written, in upper case, or with a trailing slash (the route table takes all three, as Express did). */
const spelling = fc.oneof(
  { weight: 8, arbitrary: fc.constant((path: string) => path) },
  { weight: 1, arbitrary: fc.constant((path: string) => path.toUpperCase()) },
  { weight: 1, arbitrary: fc.constant((path: string) => `${path}/`) },
);

const pathOf = (route: FuzzRoute) =>
  fc
    .tuple(projectId, resourceId, query, adminLogin, adminProject, spelling)
    .map(
      ([p, id, q, login, own, spell]) =>
        spell(
          route.path
            .replace(':projectId', p)
            .replace(':invoiceId', id)
            .replace(':contractId', id)
            .replace(':deliveryId', `${id}-webhook`)
            .replace(':testClockId', id)
            .replace(':endpointId', id)
            .replace(':login', login)
            .replace(':adminProject', own),
        ) + q,
    );
const strayPath = fc.oneof(
  fc.webPath().map((p) => p || '/'),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => `/${s}`),
  fc.constantFrom('*', '//', '/%', '/api/v3/projects/', '/api/v3/projects/1/invoices/', '/../../etc/passwd', `/${'a/'.repeat(3_000)}`),
  // The dashboard's pages link to their own address: a path that would read as another site's.
  fc.constantFrom('/dashboard//evil.example/x', '/dashboard/..//evil.example/x', '/dashboard/\\evil.example/x?lang=en', '/dashboard/%2e%2e//evil.example', '/dashboard/projects/1//evil.example'),
);

const method = (route: FuzzRoute) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(route.method) },
    { weight: 2, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'get', 'PROPFIND', 'FOO') },
  );

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/json;;',
      'APPLICATION/JSON',
      'text/plain',
      'application/xml',
      'text/xml; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
      '*/*',
    ),
  },
);

const someHeaders: fc.Arbitrary<[string, string][]> = fc.array(
  fc.oneof(
    fc.tuple(fc.constantFrom('Content-Encoding'), fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown', 'gzip, gzip')),
    fc.tuple(fc.constantFrom('X-Forwarded-For'), fc.oneof(fc.ipV4(), fc.constantFrom('10.9.9.9, 127.0.0.1', 'garbage', ''))),
    fc.tuple(fc.constantFrom('Transfer-Encoding'), fc.constantFrom('chunked', 'gzip', 'identity')),
    // Idempotency-Key: right, quoted, empty, too long, with a control character, a lone quote, a
    // comma bare or quoted, two keys joined, a bad escape (two headers of it: see idempotencyKey).
    fc.tuple(
      fc.constantFrom('Idempotency-Key'),
      fc.oneof(fc.uuid(), fc.constantFrom('"quoted-key"', '', 'k'.repeat(300), 'a\tb', '"', 'fuzz-key-1', 'a, b', '"a,b"', '"a", "b"', '"a\\"b"', '"a\\x"')),
    ),
    fc.tuple(
      fc.constantFrom('X-Login', 'X-Timestamp', 'X-Signature', 'X-Signature-Version'),
      fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, '')),
    ),
    fc.tuple(
      fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/),
      fc.string({ maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, '')),
    ),
  ),
  { minLength: 1, maxLength: 3 },
);
/** A nearly right POST carries a key some of the time: a fresh one, or one of a few the fuzzer reuses (replays and mismatches). */
const idempotencyKey: fc.Arbitrary<[string, string][]> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<[string, string][]>([]) },
  { weight: 1, arbitrary: fc.uuid().map((k): [string, string][] => [['Idempotency-Key', k]]) },
  { weight: 1, arbitrary: fc.constantFrom('reused-1', 'reused-2').map((k): [string, string][] => [['Idempotency-Key', k]]) },
  // The header twice (the same key or two): one line each, which Node joins into one value.
  {
    weight: 1,
    arbitrary: fc.tuple(fc.uuid(), fc.boolean()).map(([k, same]): [string, string][] => [
      ['Idempotency-Key', k],
      ['Idempotency-Key', same ? k : 'reused-1'],
    ]),
  },
);
const extraHeaders = fc.oneof({ weight: 3, arbitrary: fc.constant<[string, string][]>([]) }, { weight: 1, arbitrary: someHeaders });

/** How a request is signed; `unknown-login:<login>` signs as a random login (the directory's caches must stay bounded). */
type Auth = 'v3' | 'v4' | 'v5' | 'none' | 'bad-signature' | 'old-timestamp' | 'bad-version' | `unknown-login:${string}`;
const UNKNOWN_LOGIN = 'unknown-login:';
const randomLogin = fc.stringMatching(/^[\x21-\x7e]{1,200}$/).map((login): Auth => `${UNKNOWN_LOGIN}${login}`);
const auth: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<Auth>('v3', 'v4', 'v5') },
  { weight: 2, arbitrary: fc.constantFrom<Auth>('none', 'bad-signature', 'old-timestamp', 'bad-version') },
  { weight: 1, arbitrary: randomLogin },
);

/**
 * The JSON v3 headers for `auth`, signed as the fuzz partner would: v4 over the body when it parses,
 * v5 over the request exactly as it goes (method, raw path and query, body bytes, Idempotency-Key).
 */
function authHeaders(kind: Auth, route: FuzzRoute, verb: string, path: string, body: FuzzBody | undefined, extra: readonly [string, string][]): { headers: [string, string][]; signatures: string[] } {
  if (kind === 'none' || !route.operation) return { headers: [], signatures: [] };
  const login = kind.startsWith(UNKNOWN_LOGIN) ? kind.slice(UNKNOWN_LOGIN.length) : FUZZ_PARTNER.login;
  const timestamp = timestampOf(kind === 'old-timestamp' ? new Date(Date.now() - 3_600_000) : new Date());
  if (kind === 'v5') {
    const [rawPath = '', rawQuery = ''] = path.split(/\?(.*)/s);
    const idempotencyKey = extra.find(([n]) => n.toLowerCase() === 'idempotency-key')?.[1] ?? '';
    const canonical = { method: verb, path: rawPath, query: new URLSearchParams(rawQuery), bodySha256: bodyDigest(body?.content), timestamp, login, idempotencyKey };
    const signature = signRequestV5(FUZZ_PARTNER.password, canonical);
    return {
      headers: [
        ['X-Login', login],
        ['X-Timestamp', timestamp],
        ['X-Signature-Version', '5'],
        ['X-Signature', signature],
      ],
      signatures: [signature],
    };
  }
  const version = kind === 'v4' ? 4 : 3;
  const segments = path.split('?')[0]?.split('/') ?? [];
  const pathId = /invoices\/|contracts\/|webhook[-_]deliveries\//.test(path) ? segments[6] : undefined;
  let parsed: unknown;
  try {
    parsed = body && typeof body.content === 'string' ? JSON.parse(body.content) : {};
  } catch {
    parsed = {};
  }
  const merchantOrderId = new URLSearchParams(path.split('?')[1] ?? '').get('merchant_order_id') ?? undefined;
  const payload =
    version === 4
      ? requestPayload(route.operation, {
          body: parsed,
          ...(pathId ? { pathId: decodeSafely(pathId) } : {}),
          ...(merchantOrderId !== undefined ? { merchantOrderId } : {}),
          query: Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? '')),
        })
      : '';
  const signature = kind === 'bad-signature' ? 'ab'.repeat(32) : signRequest(FUZZ_PARTNER.password, login, timestamp, version, payload);
  return {
    headers: [
      ['X-Login', login],
      ['X-Timestamp', timestamp],
      ['X-Signature-Version', kind === 'bad-version' ? '6' : String(version)],
      ['X-Signature', signature],
    ],
    signatures: [signature],
  };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A request from the fields generated for it: signed as `authKind` says, the body with its Content-Type. */
function assemble(
  target: FuzzTarget,
  route: FuzzRoute,
  verb: string,
  path: string,
  body: FuzzBody | null,
  contentType: string,
  authKind: Auth,
  extra: [string, string][],
  lengthless: boolean,
): FuzzCase {
  const signed = authHeaders(route.document ? 'none' : authKind, route, verb, path, body ?? undefined, extra);
  // An XML document carries its signature inside; a widget request its token: secrets no log line may hold.
  const inside = body && 'signatures' in body ? (body.signatures as readonly string[]) : [];
  const token = /[?&]t=([^&]+)/.exec(path)?.[1] ?? (typeof body?.content === 'string' ? /(?:^|&)t=([^&]+)/.exec(body.content)?.[1] : undefined);
  const headers: [string, string][] = [...signed.headers, ...(body && contentType ? [['Content-Type', contentType] as [string, string]] : []), ...extra];
  // A body without Content-Length goes as is: the server must read to the end of the connection or refuse it.
  const request: RawRequest = { method: verb, path, headers, ...(body ? { body: body.content, noContentLength: lengthless && extra.some(([n]) => n === 'Transfer-Encoding') } : {}) };
  // The admin API's bearer token is a secret no log line may hold, as a signature is.
  const bearer = extra.filter(([n, v]) => n === 'Authorization' && v.startsWith('Bearer ') && v.length > 20).map(([, v]) => v.slice('Bearer '.length));
  return { host: target.host, request, body: body ?? undefined, signatures: [...signed.signatures, ...inside, ...bearer], ...(token && token.length > 40 ? { token: decodeSafely(token) } : {}) };
}

/**
 * Nearly right requests: the route's own method and path with good ids, signed, JSON, with a right
 * body or one with a single field wrong; they reach validation and the use cases.
 */
function nearlyRightCases(target: FuzzTarget, known: Known): fc.Arbitrary<FuzzCase> {
  const id = known.ids.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known.ids) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
  const goodPath = (route: FuzzRoute) =>
    route.admin
      ? fc
          .tuple(fc.constantFrom(...ADMIN_LOGINS), fc.constantFrom(...ADMIN_PROJECTS), route.method === 'GET' ? adminQuery : fc.constant(''))
          .map(([login, own, q]) => route.path.replace(':login', login).replace(':adminProject', own) + q)
      : route.widget
        ? widgetQuery(route, known).map(({ invoiceId, query }) => route.path.replace(':invoiceId', encodeURIComponent(invoiceId)) + query)
        : fc
            .tuple(fc.constantFrom('1', '2'), id, fc.stringMatching(/^[A-Za-z0-9-]{1,38}$/))
            .map(
              ([p, id, orderId]) =>
                route.path
                  .replace(':projectId', p)
                  .replace(':invoiceId', id)
                  .replace(':contractId', id)
                  .replace(':deliveryId', `${id}-webhook`)
                  .replace(':testClockId', id)
                  .replace(':endpointId', id)
                  .replace(':subscriptionId', id) + (route.operation === 'findInvoiceByOrderId' ? `?merchant_order_id=${orderId}` : ''),
            )
            .chain((path) => (route.dashboard && route.method === 'GET' ? dashboardQuery.map((q) => path + q) : fc.constant(path)));
  const goodBody = (route: FuzzRoute, path: string) =>
    route.admin
      ? route.method === 'GET'
        ? fc.constant(null)
        : nearlyRightAdminBody(path)
      : route.document === 'xml'
        ? nearlyRightXml
        : route.document === 'subscription'
          ? nearlyRightSubscriptionXml(methodOf(route))
          : route.dashboard && route.method === 'POST'
            ? dashboardForm(known.dashboard?.csrf ?? '')
            : route.document === 'form'
              ? nearlyRightForm(known.payments)
              : route.dashboard
                ? fc.constant(null)
                : fc.option(nearlyRightBody, { freq: 8 });
  const goodType = (route: FuzzRoute) =>
    route.document === 'xml' || route.document === 'subscription' ? 'text/xml; charset=utf-8' : route.document === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return routeOf(target)
    .chain((route) => goodPath(route).map((path) => [route, path] as const))
    .chain(([route, path]) =>
      fc.tuple(
        fc.constant(route),
        fc.constant(path),
        goodBody(route, path),
        fc.constantFrom<Auth>('v3', 'v4', 'v5'),
        route.admin
          ? adminAuth(true)
          : route.dashboard
            ? dashboardCookie(known, true)
            : route.stream
              ? hostileLastEventId
              : route.operation && route.method === 'POST'
                ? idempotencyKey
                : fc.constant<[string, string][]>([]),
      ),
    )
    .map(([route, path, body, authKind, bearer]) => assemble(target, route, route.method, path, body, goodType(route), target.signed ? authKind : 'none', bearer, false));
}

/** Hostile requests: any method, hostile ids and paths, any body, content type, headers and signature. */
function hostileCases(target: FuzzTarget, known: Known): fc.Arbitrary<FuzzCase> {
  // A route's own bodies: XML documents for the XML service, JSON (or anything) for the rest.
  const withBody = (route: FuzzRoute) =>
    route.document === 'xml'
      ? fc.tuple(fc.option(fc.oneof(hostileXml, nearlyRightXml), { freq: 8 }), xmlContentType)
      : route.document === 'subscription'
        ? fc.tuple(fc.option(fc.oneof(hostileSubscriptionXml(methodOf(route)), nearlyRightSubscriptionXml(methodOf(route))), { freq: 8 }), xmlContentType)
        : route.document === 'form'
          ? fc.tuple(fc.option(fc.oneof(hostileForm, nearlyRightForm([]), hostileBody), { freq: 8 }), fc.oneof(formContentType, contentType))
          : route.admin
            ? fc.tuple(fc.option(fc.oneof(hostileBody, nearlyRightAdminBody(route.path)), { freq: 4 }), contentType)
            : fc.tuple(fc.option(hostileBody, { freq: 4 }), contentType);
  const routed = routeOf(target).chain((route) =>
    fc.tuple(
      fc.constant(route),
      method(route),
      pathOf(route),
      withBody(route),
      route.dashboard ? dashboardCookie(known, false) : route.stream ? hostileLastEventId : fc.constant<[string, string][]>([]),
    ),
  );
  const stray = fc.tuple(
    fc.constant<FuzzRoute>({ method: 'GET', path: '' }),
    fc.constantFrom('GET', 'POST', 'DELETE'),
    strayPath,
    fc.tuple(fc.option(hostileBody, { freq: 4 }), contentType),
    fc.constant<[string, string][]>([]),
  );
  return fc
    .tuple(fc.oneof({ weight: 5, arbitrary: routed }, { weight: 1, arbitrary: stray }), target.signed ? auth : fc.constant<Auth>('none'), extraHeaders, fc.boolean(), adminAuth(false))
    .map(([[route, verb, path, [body, type], cookie], authKind, extra, lengthless, bearer]) =>
      assemble(target, route, verb, path, body, type, authKind, target.host === 'admin' ? [...bearer, ...extra] : [...cookie, ...extra], lengthless),
    );
}

/**
 * Requests to one listener: half nearly right (deep into the app), half hostile (its edges).
 * `knownIds` are invoice and contract ids the app gave out earlier, so that nearly right requests
 * also act on real invoices and contracts.
 */
export const fuzzCases = (target: FuzzTarget, known: Known = { ids: [], payments: [] }): fc.Arbitrary<FuzzCase> => fc.oneof(nearlyRightCases(target, known), hostileCases(target, known));
