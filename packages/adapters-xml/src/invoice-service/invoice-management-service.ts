import { parseSpecTime, type CarrierLookup, type Clock, type DomainError, type KassaUseCases, type PaymentPages, type ProjectDirectory } from '@kassa/domain';
import { OPERATIONS } from './operations.js';
import { REFUSAL_CODES, RESULT_CODES } from './result-codes.js';
import { XmlFieldError, XmlFields } from './xml-fields.js';
import { parseXmlRequest, type XmlRefusal } from './xml-request.js';
import { responseXml, type XmlData } from './xml-response.js';
import { xmlSignature, xmlSignatureMatches } from './xml-signature.js';

/** The allowed drift between NowUtc and Kassa's clock, either way (as on JSON v3). */
export const MAX_DRIFT_SECONDS = 20 * 60;

export interface InvoiceServiceDeps {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly carriers: CarrierLookup;
  readonly paymentPages: PaymentPages;
  readonly clock: Clock;
  /** Where a failure of ours is logged (never the document: it holds PINs and signatures). */
  readonly logFailure: (err: unknown) => void;
}

/** A request as the transport hands it over: the body's text, or why it could not be read. */
export interface XmlServiceRequest {
  readonly method: string;
  readonly body: string | undefined;
  readonly problem?: 'too_large' | 'unreadable';
  readonly contentType: string | undefined;
  readonly callerIp: string;
}

export interface XmlServiceAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const answered = (code: number, message: string, operation?: { name: string; data: XmlData }): XmlServiceAnswer => ({ status: 200, body: responseXml(code, message, operation) });
const refused = (kind: keyof typeof REFUSAL_CODES, message: string, status = 400): XmlServiceAnswer => ({ status, body: responseXml(REFUSAL_CODES[kind], message) });
const failed = (e: DomainError): XmlServiceAnswer => answered(RESULT_CODES[e.code], e.message);

/** The PCI host takes the operations that may carry card data; the rest are the API host's. */
const PCI_OPERATIONS = new Set(['CreateInvoice', 'CreateCustomerContract']);

const XML_TYPES = /^(text|application)\/xml(\s*;|$)/i;

/**
 * POST /API/XML/InvoiceManagementService.ashx: one `Request` document, one operation. A document
 * that is not an operation at all gets HTTP 400 (415 for a wrong content type) with an XML body;
 * every answered operation gets 200 with its ResultCode; our own failure 503 with Retry-After.
 */
export class InvoiceManagementService {
  constructor(private readonly deps: InvoiceServiceDeps) {}

  /** The document for a request refused below the service (not valid HTTP, headers too large, too slow). */
  refusal(message: string): string {
    return responseXml(REFUSAL_CODES.http, message);
  }

  async handle(request: XmlServiceRequest, cardAllowed: boolean): Promise<XmlServiceAnswer> {
    try {
      return await this.answer(request, cardAllowed);
    } catch (e) {
      if (e instanceof XmlFieldError) return failed({ code: 'BAD_REQUEST', message: e.message });
      this.deps.logFailure(e);
      return { ...answered(RESULT_CODES.SERVICE_UNAVAILABLE, 'Service temporarily unavailable; retry'), status: 503, headers: { 'retry-after': '1' } };
    }
  }

  private async answer(request: XmlServiceRequest, cardAllowed: boolean): Promise<XmlServiceAnswer> {
    if (request.method !== 'POST') return { ...refused('method', 'Only POST is accepted', 405), headers: { allow: 'POST' } };
    if (!request.contentType || !XML_TYPES.test(request.contentType)) return refused('content_type', 'Content-Type must be text/xml or application/xml', 415);
    if (request.problem === 'too_large') return refused('too_large', 'The document is too large', 413);
    if (request.problem || request.body === undefined) return refused('malformed', 'The body could not be read');
    const parsed = parseXmlRequest(request.body);
    if (!parsed.ok) return refused(parsed.refusal.kind satisfies XmlRefusal['kind'], parsed.refusal.message);
    const root = new XmlFields(parsed.request, '/Request');
    const operations = root.names().filter((n) => n !== 'Header');
    const [element] = operations;
    if (operations.length !== 1 || !element?.endsWith('Request')) return failed({ code: 'BAD_REQUEST', message: '/Request: exactly one operation element <Operation>Request is required' });
    const name = element.slice(0, -'Request'.length);
    const operation = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
    if (!operation || (cardAllowed && !PCI_OPERATIONS.has(name))) return failed({ code: 'NOT_FOUND', message: `No operation ${name.slice(0, 64)}${cardAllowed ? ' on the PCI host' : ''}` });

    const auth = root.child('Header').child('Authentication');
    const login = auth.text('Login', 128);
    const nowUtc = auth.text('NowUtc', 32);
    const signature = auth.text('Signature', 128);
    const fields = root.child(element);
    const partner = await this.deps.projects.findPartner(login);
    if (!partner || !xmlSignatureMatches(xmlSignature(partner.password, login, nowUtc), signature)) {
      return failed({ code: 'AUTH_INVALID_SIGNATURE', message: partner ? 'Invalid signature: signature mismatch' : 'Invalid signature: unknown login' });
    }
    const at = parseSpecTime(nowUtc);
    if (at === undefined) return failed({ code: 'AUTH_INVALID_TIMESTAMP', message: 'NowUtc must be UTC time in the form YYYY-MM-DDThh:mm:ssZ' });
    if (Math.abs(this.deps.clock.now().getTime() - at) > MAX_DRIFT_SECONDS * 1000) {
      return failed({ code: 'AUTH_INVALID_TIMESTAMP', message: 'NowUtc differs from the server time by more than 20 minutes' });
    }
    const project = await this.deps.projects.findProject(fields.integer('ProjectID'));
    if (!project || project.partnerLogin !== partner.login) return failed({ code: 'AUTH_INVALID_PROJECT', message: 'The project does not belong to this partner' });
    if (!project.active) return failed({ code: 'AUTH_INVALID_PROJECT', message: 'The project is inactive' });
    if (project.ipWhitelist.length > 0 && !project.ipWhitelist.includes(request.callerIp)) {
      return failed({ code: 'AUTH_INVALID_PROJECT', message: 'The caller IP is not whitelisted for this project' });
    }
    const { useCases, carriers, paymentPages } = this.deps;
    const result = await operation(fields, { useCases, carriers, paymentPages, project, partnerLogin: partner.login, cardAllowed });
    return result.ok ? answered(0, 'OK', { name, data: result.value }) : failed(result.error);
  }
}
