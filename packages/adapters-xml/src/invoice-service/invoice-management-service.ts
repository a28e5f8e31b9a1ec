import { parseSpecTime, projectAccessError, withinDrift, type CarrierLookup, type Clock, type DomainError, type KassaUseCases, type PaymentPages, type ProjectDirectory } from '@kassa/domain';
import { OPERATIONS } from './operations.js';
import { REFUSAL_CODES, RESULT_CODES } from './result-codes.js';
import { readXmlRequest, type XmlServiceAnswer, type XmlServiceRequest } from '../shared/xml-intake.js';
import { XmlFieldError } from './xml-fields.js';
import { responseXml, type XmlData } from './xml-response.js';
import { xmlSignature, xmlSignatureMatches } from './xml-signature.js';

export interface InvoiceServiceDeps {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly carriers: CarrierLookup;
  readonly paymentPages: PaymentPages;
  readonly clock: Clock;
  /** Where a failure of ours is logged (never the document: it holds PINs and signatures). */
  readonly logFailure: (err: unknown) => void;
  /**
   * The expected signature (`xmlSignature` when absent). It is the JSON v3 version-3 signature with
   * NowUtc as the timestamp, so the app passes its cached JSON signer: a second's requests share one HMAC.
   */
  readonly expectedSignature?: (password: string, login: string, nowUtc: string) => string;
}

const answered = (code: number, message: string, operation?: { name: string; data: XmlData }): XmlServiceAnswer => ({ status: 200, body: responseXml(code, message, operation) });
const failed = (e: DomainError): XmlServiceAnswer => answered(RESULT_CODES[e.code], e.message);

/** The PCI host takes the operations that may carry card data; the rest are the API host's. */
const PCI_OPERATIONS = new Set(['CreateInvoice', 'CreateCustomerContract']);

export type { XmlServiceAnswer, XmlServiceRequest };

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
    const read = readXmlRequest(request);
    if (!read.ok) {
      const { kind, message, status, headers } = read.refusal;
      return { status, body: responseXml(REFUSAL_CODES[kind], message), ...(headers ? { headers } : {}) };
    }
    const { root } = read;
    const operations = root.names().filter((n) => n !== 'Header');
    const [element] = operations;
    if (operations.length !== 1 || !element?.endsWith('Request')) return failed({ code: 'BAD_REQUEST', message: '/Request: exactly one operation element <Operation>Request is required' });
    const name = element.slice(0, -'Request'.length);
    const operation = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
    if (!operation || (cardAllowed && !PCI_OPERATIONS.has(name))) return failed({ code: 'NOT_FOUND', message: `No operation ${name.slice(0, 64)}${cardAllowed ? ' on the PCI host' : ''}` });

    // Missing authentication is a signature failure, as missing headers are on JSON v3.
    const auth = root.optionalChild('Header')?.optionalChild('Authentication');
    const login = auth?.optionalText('Login', 128);
    const nowUtc = auth?.optionalText('NowUtc', 32);
    const signature = auth?.optionalText('Signature', 128);
    if (!login || !nowUtc || !signature) return failed({ code: 'AUTH_INVALID_SIGNATURE', message: 'Invalid signature: Header/Authentication needs Login, NowUtc and Signature' });
    const fields = root.child(element);
    const partner = await this.deps.projects.findPartner(login);
    if (!partner) return failed({ code: 'AUTH_INVALID_SIGNATURE', message: 'Invalid signature: unknown login' });
    if (!xmlSignatureMatches((this.deps.expectedSignature ?? xmlSignature)(partner.password, login, nowUtc), signature)) {
      return failed({ code: 'AUTH_INVALID_SIGNATURE', message: 'Invalid signature: signature mismatch' });
    }
    const at = parseSpecTime(nowUtc);
    if (at === undefined) return failed({ code: 'AUTH_INVALID_TIMESTAMP', message: 'NowUtc must be UTC time in the form YYYY-MM-DDThh:mm:ssZ' });
    if (!withinDrift(this.deps.clock.now().getTime(), at)) {
      return failed({ code: 'AUTH_INVALID_TIMESTAMP', message: 'NowUtc differs from the server time by more than 20 minutes' });
    }
    const project = await this.deps.projects.findProject(fields.integer('ProjectID'));
    if (!project || project.partnerLogin !== partner.login) return failed({ code: 'AUTH_INVALID_PROJECT', message: 'The project does not belong to this partner' });
    const refused = projectAccessError(project, request.callerIp);
    if (refused) return failed(refused);
    const { useCases, carriers, paymentPages } = this.deps;
    const result = await operation(fields, { useCases, carriers, paymentPages, project, partnerLogin: partner.login, cardAllowed });
    return result.ok ? answered(0, 'OK', { name, data: result.value }) : failed(result.error);
  }
}
