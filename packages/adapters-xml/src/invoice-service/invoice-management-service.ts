import { parseSpecTime, type CarrierLookup, type Clock, type DomainError, type KassaMode, type KassaUseCases, type PaymentPages, type ProjectDirectory } from '@kassa-payments/domain';
import type { CallerAuthentication, CallerRefusal } from '@kassa-payments/operations';
import { UNKNOWN_SIGNER_KEY, xmlRequestSignature, xmlSignatureMatches } from '@kassa-payments/protocol';
import { OPERATIONS } from './operations.js';
import { REFUSAL_CODES, RESULT_CODES } from './result-codes.js';
import { parseXmlDocument, readXmlDocument, type IntakeRefusal, type XmlServiceAnswer, type XmlServiceRequest } from '../shared/xml-intake.js';
import { matchesSigned, readSignedElements } from '../shared/signed-document.js';
import { XmlFieldError } from './xml-fields.js';
import { responseXml, type XmlData } from './xml-response.js';

export interface InvoiceServiceDeps {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly carriers: CarrierLookup;
  readonly paymentPages: PaymentPages;
  readonly clock: Clock;
  /** Where a failure of ours is logged (never the document: it holds PINs and signatures). */
  readonly logFailure: (err: unknown) => void;
  /** The test environment names what failed in an authentication refusal; production does not. */
  readonly mode: KassaMode;
  /** How far NowUtc may be from our clock (default the spec's 20 minutes). */
  readonly maxDriftSeconds?: number;
  /** The one caller authentication of the signed transports (built by the app). */
  readonly callers: CallerAuthentication;
}

/** Every answer carries its ResultCode for the metrics (the operation's name is added once it is known). */
const outcome = (code: number) => ({ service: 'invoices', operation: 'none', result: String(code) });
const answered = (code: number, message: string, operation?: { name: string; data: XmlData }): XmlServiceAnswer => ({
  status: 200,
  body: responseXml(code, message, operation),
  outcome: outcome(code),
});
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
  private readonly callers: CallerAuthentication;

  constructor(private readonly deps: InvoiceServiceDeps) {
    this.callers = deps.callers;
  }

  /** The document for a request refused below the service (not valid HTTP, headers too large, too slow). */
  refusal(message: string): string {
    return responseXml(REFUSAL_CODES.http, message);
  }

  async handle(request: XmlServiceRequest, cardAllowed: boolean): Promise<XmlServiceAnswer> {
    const seen = { operation: 'none' };
    const answer = await this.settled(request, cardAllowed, seen);
    return { ...answer, outcome: { service: 'invoices', operation: seen.operation, result: answer.outcome?.result ?? 'none' } };
  }

  private async settled(request: XmlServiceRequest, cardAllowed: boolean, seen: { operation: string }): Promise<XmlServiceAnswer> {
    try {
      return await this.answer(request, cardAllowed, seen);
    } catch (e) {
      if (e instanceof XmlFieldError) return failed({ code: 'BAD_REQUEST', message: e.message });
      this.deps.logFailure(e);
      return { ...answered(RESULT_CODES.SERVICE_UNAVAILABLE, 'Service temporarily unavailable; retry'), status: 503, headers: { 'retry-after': '1' } };
    }
  }

  /** `seen.operation` becomes the operation's name once it is known to be one (the metrics' bounded label). */
  private async answer(request: XmlServiceRequest, cardAllowed: boolean, seen: { operation: string }): Promise<XmlServiceAnswer> {
    const read = readXmlDocument(request);
    if (!read.ok) return this.refused(read.refusal);
    // Authentication first, on the bytes: an unauthenticated body never reaches the XML parser.
    const signed = readSignedElements(read.document.bytes, ['Login', 'NowUtc'] as const);
    if (!signed) return failed({ code: 'AUTH_INVALID_SIGNATURE', message: 'Invalid signature: Header/Authentication needs Login, NowUtc and Signature' });
    const { Login: login, NowUtc: nowUtc } = signed.values;
    const caller = await this.callers.partner({
      login,
      signedAt: parseSpecTime(nowUtc),
      signedAtName: 'NowUtc',
      // An unknown login costs the same HMAC as a wrong signature.
      signatureMatches: (password) => xmlSignatureMatches(xmlRequestSignature(password ?? UNKNOWN_SIGNER_KEY, login, nowUtc, signed.digest), signed.signature),
    });
    if (!caller.ok) return failed(this.refusalError(caller.error));
    const partner = caller.value;

    const parsed = parseXmlDocument(read.document);
    if (!parsed.ok) return this.refused(parsed.refusal);
    const { root } = parsed;
    if (!matchesSigned(root.optionalChild('Header')?.optionalChild('Authentication'), signed)) {
      return failed({ code: 'AUTH_INVALID_SIGNATURE', message: 'Invalid signature: Header/Authentication must hold the Login, NowUtc and Signature that were signed' });
    }
    const operations = root.names().filter((n) => n !== 'Header');
    const [element] = operations;
    if (operations.length !== 1 || !element?.endsWith('Request')) return failed({ code: 'BAD_REQUEST', message: '/Request: exactly one operation element <Operation>Request is required' });
    const name = element.slice(0, -'Request'.length);
    const operation = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
    if (!operation || (cardAllowed && !PCI_OPERATIONS.has(name))) return failed({ code: 'NOT_FOUND', message: `No operation ${name.slice(0, 64)}${cardAllowed ? ' on the PCI host' : ''}` });
    seen.operation = name;
    const fields = root.child(element);
    const access = await this.callers.project(partner, { projectId: fields.integer('ProjectID'), callerIp: request.callerIp });
    if (!access.ok) return failed(this.refusalError(access.error));
    const project = access.value;
    const { useCases, carriers, paymentPages } = this.deps;
    const result = await operation(fields, { useCases, carriers, paymentPages, project, partnerLogin: partner.login, cardAllowed, requestContext: request.context });
    return result.ok ? answered(0, 'OK', { name, data: result.value }) : failed(result.error);
  }

  /** XML 2.9's words for each refusal: the test environment names what failed; production answers an unknown login as a wrong signature. */
  private refusalError({ check, error }: CallerRefusal): DomainError {
    switch (check) {
      case 'login-too-long':
      case 'unknown-signer':
        return { code: 'AUTH_INVALID_SIGNATURE', message: `Invalid signature${this.deps.mode === 'test' ? ': unknown login' : ''}` };
      case 'signature':
        return { code: 'AUTH_INVALID_SIGNATURE', message: `Invalid signature${this.deps.mode === 'test' ? ': signature mismatch' : ''}` };
      case 'unreadable-time':
        return { code: 'AUTH_INVALID_TIMESTAMP', message: 'NowUtc must be UTC time in the form YYYY-MM-DDThh:mm:ssZ' };
      case 'drift':
      case 'not-owner':
      case 'signature-not-accepted':
      case 'project-inactive':
      case 'address-not-allowed':
        return error;
    }
  }

  private refused({ kind, message, status, headers }: IntakeRefusal): XmlServiceAnswer {
    return { status, body: responseXml(REFUSAL_CODES[kind], message), outcome: outcome(REFUSAL_CODES[kind]), ...(headers ? { headers } : {}) };
  }
}
