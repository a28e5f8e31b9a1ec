import { PAGE_PATHS } from '@kassa-payments/payment-pages';
import { SUBSCRIPTION_SCHEMA_PATH, SUBSCRIPTION_SERVICE_PATHS } from '@kassa-payments/adapters-xml';
import type { SignedOperation } from '@kassa-payments/protocol';
import type { ListenerName } from '@kassa-payments/app';

/** A route of a listener, as the fuzzer aims at it; `:projectId`, `:invoiceId`, `:contractId`, `:testClockId` are filled in. */
export interface FuzzRoute {
  readonly method: string;
  readonly path: string;
  /** The JSON v3 operation, so that some requests are signed correctly and get past authentication. */
  readonly operation?: SignedOperation;
  /** A document endpoint: its bodies are XML documents, signed inside; or the payment page's forms. */
  readonly document?: 'xml' | 'form' | 'subscription';
  /** A widget-host route: its query names an invoice and its token (`invoiceId`, `t`), often a real pair; `query` adds to it. */
  readonly widget?: { readonly query?: string };
  /** How often the fuzzer picks this route against the listener's others (1 when absent). */
  readonly weight?: number;
  /** An admin API route: its requests carry the admin bearer token (right, wrong or none), `:login` and `:adminProject` are the fuzzer's own. */
  readonly admin?: boolean;
  /** A dashboard route behind a session: its requests carry the fuzz partner's session cookie (right, wrong or none), its forms the session's CSRF token. */
  readonly dashboard?: boolean;
  /**
   * A Server-Sent Events stream, whose right answer never ends: its requests always carry a
   * Last-Event-ID no entry of any stream has (garbage, huge, repeated), which both streams refuse
   * (400; the requests stream, not resumable, checks it all the same), never a 5xx or a stream.
   */
  readonly stream?: boolean;
}

/** What an error answer of a listener must look like. */
export type AnswerShape = 'envelope' | 'html' | 'xml';

/**
 * One listener as the fuzzer sees it. Issues that add listeners or routes add them here (and their
 * own bodies, e.g. XML documents), and every invariant applies to them at once.
 */
export interface FuzzTarget {
  readonly host: ListenerName;
  readonly routes: readonly FuzzRoute[];
  /** Whether requests are signed (JSON v3 headers) some of the time. */
  readonly signed: boolean;
  /** The shape an error answer to `path` with `status` must have. */
  readonly errorShape: (path: string, status: number) => AnswerShape;
}

const P = '/api/v3/projects/:projectId';
export const XML_PATH = '/API/XML/InvoiceManagementService.ashx';
export const XSD_PATH = '/API/XML/InvoiceManagementService.xsd';
/** The subscription service's XSD, on the subscriptions host. */
export const SUBS_XSD_PATH = SUBSCRIPTION_SCHEMA_PATH;
/** The XML 2.9 service (and its XSD) answers in XML, whatever the request; everything else in the envelope. */
/** A path as the listeners route it: without its query, in any case, a trailing slash ignored (Express and the route table alike). */
export const routed = (path: string): string => {
  const bare = (path.split('?')[0] ?? '').toLowerCase();
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
};
const routedAmong = (paths: readonly string[], path: string) => paths.some((p) => routed(p) === routed(path));

const xmlOrEnvelope = (path: string): AnswerShape => (routedAmong([XML_PATH, XSD_PATH], path) ? 'xml' : 'envelope');
/** The API host's: as xmlOrEnvelope, and the dashboard (which only this host serves) answers pages, its errors too. */
const apiShape = (path: string): AnswerShape => (routed(path).startsWith('/dashboard') ? 'html' : xmlOrEnvelope(path));
// A whole protocol behind one route: it gets as many requests as six JSON routes.
const XML_ROUTE: FuzzRoute = { method: 'POST', path: XML_PATH, document: 'xml', weight: 6 };

const API_ROUTES: FuzzRoute[] = [
  { method: 'POST', path: `${P}/invoices`, operation: 'createInvoice' },
  { method: 'GET', path: `${P}/invoices`, operation: 'findInvoiceByOrderId' },
  { method: 'GET', path: `${P}/invoices/:invoiceId`, operation: 'getInvoice' },
  { method: 'POST', path: `${P}/invoices/:invoiceId/authorize`, operation: 'authorizeInvoice' },
  { method: 'POST', path: `${P}/invoices/:invoiceId/cancel`, operation: 'cancelInvoice' },
  { method: 'POST', path: `${P}/invoices/:invoiceId/refund`, operation: 'refundInvoice' },
  { method: 'POST', path: `${P}/contracts`, operation: 'createContract' },
  { method: 'POST', path: `${P}/contracts/:contractId/authorize`, operation: 'authorizeContract' },
  { method: 'POST', path: `${P}/contracts/:contractId/cancel`, operation: 'cancelContract' },
  { method: 'POST', path: `${P}/billing/check`, operation: 'checkBilling' },
  { method: 'GET', path: `${P}/events`, operation: 'listEvents' },
  { method: 'GET', path: `${P}/webhook_deliveries`, operation: 'listWebhookDeliveries' },
  { method: 'POST', path: `${P}/webhook_deliveries/:deliveryId/redeliver`, operation: 'redeliverWebhook' },
  // kassa listen's and kassa logs tail's streams.
  { method: 'GET', path: `${P}/events/stream`, operation: 'streamEvents', stream: true },
  { method: 'GET', path: `${P}/requests/stream`, operation: 'streamRequests', stream: true },
  // The deprecated hyphenated paths, served beside them.
  { method: 'GET', path: `${P}/webhook-deliveries`, operation: 'listWebhookDeliveries' },
  { method: 'POST', path: `${P}/webhook-deliveries/:deliveryId/redeliver`, operation: 'redeliverWebhook' },
  // A reset empties a fuzz project now and then: what the fuzzer knew of it is gone, which is hostile too.
  { method: 'POST', path: `${P}/test_data/reset`, operation: 'resetTestData' },
  // Test clocks: an advance runs whatever falls due on the way; a deletion takes the clock's objects with it.
  { method: 'POST', path: `${P}/test_clocks`, operation: 'createTestClock' },
  { method: 'GET', path: `${P}/test_clocks`, operation: 'listTestClocks' },
  { method: 'GET', path: `${P}/test_clocks/:testClockId`, operation: 'getTestClock' },
  { method: 'POST', path: `${P}/test_clocks/:testClockId/advance`, operation: 'advanceTestClock' },
  { method: 'DELETE', path: `${P}/test_clocks/:testClockId`, operation: 'deleteTestClock' },
  // The merchants' webhook endpoints: 16 a project at most, each URL checked; a rotation answers a secret.
  { method: 'POST', path: `${P}/webhook_endpoints`, operation: 'createWebhookEndpoint' },
  { method: 'GET', path: `${P}/webhook_endpoints`, operation: 'listWebhookEndpoints' },
  { method: 'GET', path: `${P}/webhook_endpoints/:endpointId`, operation: 'getWebhookEndpoint' },
  { method: 'PATCH', path: `${P}/webhook_endpoints/:endpointId`, operation: 'updateWebhookEndpoint' },
  { method: 'DELETE', path: `${P}/webhook_endpoints/:endpointId`, operation: 'deleteWebhookEndpoint' },
  { method: 'POST', path: `${P}/webhook_endpoints/:endpointId/rotate_secret`, operation: 'rotateWebhookEndpointSecret' },
  // The dashboard: without a session its pages send to the sign-in; its forms are refused without their tokens.
  { method: 'GET', path: '/dashboard/' },
  { method: 'GET', path: '/dashboard/sign-in' },
  { method: 'POST', path: '/dashboard/sign-in', document: 'form', weight: 2 },
  { method: 'GET', path: '/dashboard/projects/:projectId/invoices/:invoiceId' },
  { method: 'POST', path: '/dashboard/projects/:projectId/deliveries/resend-dead', document: 'form' },
  { method: 'POST', path: '/dashboard/projects/:projectId/sandbox/reset', document: 'form' },
  { method: 'POST', path: '/dashboard/projects/:projectId/webhook-endpoints', document: 'form' },
  // Signed in (the fuzzer opens a session at its start): the pages' filters, cursors and ids, and the forms behind their CSRF token.
  ...['', '/invoices', '/contracts', '/subscriptions', '/events', '/deliveries', '/requests', '/sandbox', '/settings', '/webhook-endpoints', '/webhook-endpoints/new'].map(
    (page): FuzzRoute => ({ method: 'GET', path: `/dashboard/projects/:projectId${page}`, dashboard: true }),
  ),
  { method: 'GET', path: '/dashboard/projects/:projectId/invoices/:invoiceId', dashboard: true },
  { method: 'GET', path: '/dashboard/projects/:projectId/contracts/:contractId', dashboard: true },
  { method: 'GET', path: '/dashboard/projects/:projectId/subscriptions/:subscriptionId', dashboard: true },
  { method: 'GET', path: '/dashboard/projects/:projectId/webhook-endpoints/:endpointId', dashboard: true },
  ...[
    '/deliveries/resend-dead',
    '/deliveries/:deliveryId/resend',
    '/sandbox/clocks',
    '/sandbox/clocks/:testClockId/advance',
    '/sandbox/invoices/:invoiceId/simulate',
    // The webhook endpoints' forms: a creation or a rotation answers a secret; a deletion needs its confirmation.
    '/webhook-endpoints',
    '/webhook-endpoints/:endpointId/settings',
    '/webhook-endpoints/:endpointId/status',
    '/webhook-endpoints/:endpointId/rotate-secret',
    '/webhook-endpoints/:endpointId/delete',
  ].map((action): FuzzRoute => ({ method: 'POST', path: `/dashboard/projects/:projectId${action}`, document: 'form', dashboard: true })),
  { method: 'GET', path: '/api/v3/openapi.json' },
  { method: 'GET', path: '/health' },
  { method: 'POST', path: '/health' },
  XML_ROUTE,
  { method: 'GET', path: XSD_PATH },
];

export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  { host: 'api', routes: API_ROUTES, signed: true, errorShape: apiShape },
  {
    host: 'pci',
    routes: [...API_ROUTES.filter((r) => r.operation === 'createInvoice' || r.operation === 'createContract'), { method: 'GET', path: '/health' }, XML_ROUTE],
    signed: true,
    errorShape: xmlOrEnvelope,
  },
  {
    host: 'widget',
    routes: [
      { method: 'GET', path: '/Card/Sbp/widget.html', widget: {}, weight: 2 },
      { method: 'GET', path: '/Card/Sbp/widget.html', widget: { query: 'useSbp=true&lang=en' } },
      { method: 'GET', path: '/Card/Sbp/widget.html', widget: { query: 'payType=tpay&deviceType=Mobile&embedded=1&methods=sbp,tpay' } },
      { method: 'GET', path: '/Card/Sbp/bank.html', widget: { query: 'method=sbp' } },
      { method: 'POST', path: '/Card/Sbp/pay', document: 'form', weight: 4 },
      { method: 'POST', path: '/Card/Sbp/simulate', document: 'form', weight: 2 },
      // The WAP operator gateway's form: its ReturnUrl, with encoded ways up among the fuzzer's values.
      { method: 'POST', path: '/Card/Sbp/wap', document: 'form' },
      { method: 'GET', path: '/Card/Sbp/widget.html', widget: { query: 'ReturnUrl=%252e%252e%2Fadmin&ext_lp_template=x' } },
      { method: 'GET', path: '/Card/Sbp/status', widget: {} },
      { method: 'GET', path: '/Card/Handlers/:invoiceId/pay', widget: { query: 'method=sbp' }, weight: 2 },
      { method: 'GET', path: '/Card/Handlers/:invoiceId/pay', widget: { query: 'method=tpay_mobile' } },
      { method: 'GET', path: '/Card/Handlers/:invoiceId/qr.svg', widget: { query: 'method=sberpay' } },
      { method: 'POST', path: '/Card/Handlers/:invoiceId/sandbox-confirm', widget: { query: 'method=mirpay' } },
      { method: 'GET', path: '/Card/Sbp/embed.js' },
      { method: 'GET', path: '/Card/Sbp/page.js' },
      { method: 'GET', path: '/Card/Sbp/widget.css' },
      { method: 'GET', path: '/health' },
    ],
    signed: false,
    // The payment page's paths answer pages, errors included (an unknown method on them is a route
    // that does not exist: the envelope's 404); every other path answers the envelope.
    errorShape: (path, status) => (routedAmong(PAGE_PATHS, path) && status !== 404 ? 'html' : 'envelope'),
  },
  {
    host: 'subs',
    routes: [
      ...Object.values(SUBSCRIPTION_SERVICE_PATHS).map((path): FuzzRoute => ({ method: 'POST', path, document: 'subscription', weight: path.includes('Create') ? 3 : 1 })),
      // A method the service does not have: its XML too.
      { method: 'POST', path: '/Http/Services/NoSuchMethod.aspx', document: 'subscription' },
      { method: 'GET', path: SUBS_XSD_PATH },
      { method: 'GET', path: '/health' },
    ],
    signed: false,
    // The subscriptions host answers in the service's XML, whatever the request and path, errors on
    // /health included; only /health's own answer is JSON.
    errorShape: (path, status) => (routed(path) === '/health' && status < 400 ? 'envelope' : 'xml'),
  },
  {
    host: 'admin',
    routes: [
      { method: 'GET', path: '/health' },
      { method: 'GET', path: '/ready' },
      { method: 'GET', path: '/metrics' },
      { method: 'GET', path: '/admin/v1/openapi.json' },
      { method: 'GET', path: '/admin/v1/partners', admin: true },
      { method: 'POST', path: '/admin/v1/partners', admin: true, weight: 2 },
      { method: 'GET', path: '/admin/v1/partners/:login', admin: true },
      { method: 'PATCH', path: '/admin/v1/partners/:login', admin: true },
      { method: 'POST', path: '/admin/v1/partners/:login/password/rotate', admin: true },
      { method: 'GET', path: '/admin/v1/projects', admin: true },
      { method: 'POST', path: '/admin/v1/projects', admin: true, weight: 3 },
      { method: 'GET', path: '/admin/v1/projects/:adminProject', admin: true },
      { method: 'PATCH', path: '/admin/v1/projects/:adminProject', admin: true, weight: 2 },
      { method: 'POST', path: '/admin/v1/projects/:adminProject/secrets/webhook/rotate', admin: true },
      { method: 'POST', path: '/admin/v1/projects/:adminProject/secrets/subscription/rotate', admin: true },
      { method: 'GET', path: '/admin/v1/deliveries', admin: true },
      { method: 'POST', path: '/admin/v1/deliveries/recover', admin: true },
      { method: 'POST', path: '/admin/v1/secrets/reseal', admin: true },
      { method: 'GET', path: '/admin/v1/audit', admin: true },
    ],
    signed: false,
    // Every answer of the admin listener is JSON (its refusals in the envelope), but /metrics' text.
    errorShape: () => 'envelope',
  },
];
