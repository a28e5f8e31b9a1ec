import type { SignedOperation } from '@kassa/protocol';
import type { HostName } from '../server.js';

/** A route of a listener, as the fuzzer aims at it; `:projectId`, `:invoiceId`, `:contractId` are filled in. */
export interface FuzzRoute {
  readonly method: string;
  readonly path: string;
  /** The JSON v3 operation, so that some requests are signed correctly and get past authentication. */
  readonly operation?: SignedOperation;
  /** A document endpoint: its bodies are XML documents, signed inside. */
  readonly document?: 'xml';
}

/** What an error answer of a listener must look like. */
export type AnswerShape = 'envelope' | 'html' | 'xml';

/**
 * One listener as the fuzzer sees it. Issues that add listeners or routes add them here (and their
 * own bodies, e.g. XML documents), and every invariant applies to them at once.
 */
export interface FuzzTarget {
  readonly host: HostName;
  readonly routes: readonly FuzzRoute[];
  /** Whether requests are signed (JSON v3 headers) some of the time. */
  readonly signed: boolean;
  /** The shape an error answer to `path` with `status` must have. */
  readonly errorShape: (path: string, status: number) => AnswerShape;
}

const P = '/api/v3/projects/:projectId';
const envelope = (): AnswerShape => 'envelope';
export const XML_PATH = '/API/XML/InvoiceManagementService.ashx';
/** The XML 2.9 service answers in XML, whatever the request; everything else in the envelope. */
const xmlOrEnvelope = (path: string): AnswerShape => (path.split('?')[0] === XML_PATH ? 'xml' : 'envelope');
const XML_ROUTE: FuzzRoute = { method: 'POST', path: XML_PATH, document: 'xml' };

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
  { method: 'GET', path: `${P}/webhook-deliveries`, operation: 'listWebhookDeliveries' },
  { method: 'POST', path: `${P}/webhook-deliveries/:deliveryId/redeliver`, operation: 'redeliverWebhook' },
  { method: 'GET', path: '/api/v3/openapi.json' },
  { method: 'GET', path: '/health' },
  { method: 'POST', path: '/health' },
  XML_ROUTE,
];

export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  { host: 'api', routes: API_ROUTES, signed: true, errorShape: xmlOrEnvelope },
  {
    host: 'pci',
    routes: [...API_ROUTES.filter((r) => r.operation === 'createInvoice' || r.operation === 'createContract'), { method: 'GET', path: '/health' }, XML_ROUTE],
    signed: true,
    errorShape: xmlOrEnvelope,
  },
  {
    host: 'widget',
    routes: [
      { method: 'GET', path: '/Card/Sbp/widget.html' },
      { method: 'GET', path: '/Card/Sbp/embed.js' },
      { method: 'GET', path: '/Card/Handlers/:invoiceId/pay' },
      { method: 'GET', path: '/health' },
    ],
    signed: false,
    // The payment page's invalid-link screen is a page (the spec); every other error is the envelope.
    errorShape: (path, status) => (status === 401 && path.startsWith('/Card/Sbp/widget.html') ? 'html' : 'envelope'),
  },
  {
    host: 'subs',
    routes: [
      { method: 'POST', path: '/Http/Services/CreateSubscription.aspx' },
      { method: 'GET', path: '/health' },
    ],
    signed: false,
    errorShape: envelope,
  },
];
