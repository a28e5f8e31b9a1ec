import { parseCompactUtc, type Clock, type DomainError, type KassaMode, type KassaUseCases, type PaymentPages, type ProjectDirectory } from '@kassa-payments/domain';
import type { CallerAuthentication, CallerRefusal, ProjectSignedCheck } from '@kassa-payments/operations';
import { readClientIp } from '../invoice-service/xml-customer.js';
import { XmlFieldError } from '../invoice-service/xml-fields.js';
import { parseXmlDocument, readXmlDocument, type IntakeRefusal, type XmlServiceAnswer, type XmlServiceRequest } from '../shared/xml-intake.js';
import { matchesSigned, readSignedElements } from '../shared/signed-document.js';
import { ACCEPTED, SUBSCRIPTION_REFUSALS, SUBSCRIPTION_STATUS_NAMES } from './status-names.js';
import { SUBSCRIPTION_METHODS } from './subscription-methods.js';
import { statusXml } from './subscription-response.js';
import { subscriptionSignature, UNKNOWN_SIGNER_KEY, xmlSignatureMatches } from '@kassa-payments/protocol';

export interface SubscriptionServiceDeps {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly paymentPages: PaymentPages;
  readonly clock: Clock;
  readonly mode: KassaMode;
  /** Where a failure of ours is logged (never the document: it holds PINs and signatures). */
  readonly logFailure: (err: unknown) => void;
  /** How far `Now` may be from our clock (default the spec's 20 minutes). */
  readonly maxDriftSeconds?: number;
  /** The one caller authentication of the signed transports (built by the app). */
  readonly callers: CallerAuthentication;
}

/** The methods, and the path each is served at (GetSubscriptions has no `.aspx`, as the spec shows). */
export const SUBSCRIPTION_SERVICE_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(SUBSCRIPTION_METHODS).map((m) => [m, m === 'GetSubscriptions' ? '/Http/Services/GetSubscriptions' : `/Http/Services/${m}.aspx`]),
);

/** Every answer carries its StatusID for the metrics (the method's name is added by `handle`). */
const outcome = (status: { readonly id: number }) => ({ service: 'subscriptions', operation: 'unknown', result: String(status.id) });
const answered = (status = ACCEPTED, data = {}): XmlServiceAnswer => ({ status: 200, body: statusXml(status, data), outcome: outcome(status) });

/** A domain error as the service answers it: its StatusName, a description, and for a wrong PIN the attempts left. */
function failed(e: DomainError): XmlServiceAnswer {
  const status = SUBSCRIPTION_STATUS_NAMES[e.code];
  const pin = e.code === 'SUBSCRIPTION_INVALID_PIN_CODE' ? { InvalidPinCode: true, AttemptsLeft: Number(e.details?.['attempts_left'] ?? 0) } : {};
  const body = statusXml(status, { StatusDescription: e.message, ...pin });
  return e.code === 'SERVICE_UNAVAILABLE' ? { status: 503, body, headers: { 'retry-after': '1' }, outcome: outcome(status) } : { status: 200, body, outcome: outcome(status) };
}

/**
 * The subscription service ({subs_base_url}/Http/Services/<Method>.aspx): one flat `Request` per
 * method, signed with the project's subscription secret over SubscriptionProjectID + Now (`v1`, the
 * spec's), or over those and the document (`v2`, as the project chooses). Answers
 * `Response {StatusID, StatusName, ...}`: 200 for every answered method, 4xx in XML for what is no
 * request at all, 503 for our own failure. Hostile XML is refused by the XML 2.9 service's intake.
 */
export class SubscriptionService {
  private readonly callers: CallerAuthentication;

  constructor(private readonly deps: SubscriptionServiceDeps) {
    this.callers = deps.callers;
  }

  /**
   * The document for a request refused below the service, by its HTTP status: a path that is no
   * method (404, MethodNotFound), too large (413), our failure (503), anything else Node's HTTP
   * parser refused (not valid HTTP, headers too large, too slow: BadHttpRequest).
   */
  refusal(message: string, status = 400): string {
    const named =
      status === 404
        ? SUBSCRIPTION_STATUS_NAMES.NOT_FOUND
        : status === 503
          ? SUBSCRIPTION_STATUS_NAMES.SERVICE_UNAVAILABLE
          : status === 413
            ? SUBSCRIPTION_REFUSALS.too_large
            : SUBSCRIPTION_REFUSALS.http;
    return statusXml(named, { StatusDescription: message });
  }

  async handle(method: string, request: XmlServiceRequest): Promise<XmlServiceAnswer> {
    const answer = await this.settled(method, request);
    const operation = Object.hasOwn(SUBSCRIPTION_METHODS, method) ? method : 'unknown';
    return { ...answer, outcome: { service: 'subscriptions', operation, result: answer.outcome?.result ?? 'none' } };
  }

  private async settled(method: string, request: XmlServiceRequest): Promise<XmlServiceAnswer> {
    try {
      return await this.answer(method, request);
    } catch (e) {
      if (e instanceof XmlFieldError) return failed({ code: 'SUBSCRIPTION_WRONG_PARAMS', message: e.message });
      this.deps.logFailure(e);
      return failed({ code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable; retry' });
    }
  }

  private async answer(method: string, request: XmlServiceRequest): Promise<XmlServiceAnswer> {
    const read = readXmlDocument(request);
    if (!read.ok) return this.refused(read.refusal);
    const run = Object.hasOwn(SUBSCRIPTION_METHODS, method) ? SUBSCRIPTION_METHODS[method] : undefined;
    if (!run) return failed({ code: 'NOT_FOUND', message: `No method ${method.slice(0, 64)}` });
    // Authentication first, on the bytes: an unauthenticated body never reaches the XML parser.
    const signed = readSignedElements(read.document.bytes, ['SubscriptionProjectID', 'Now'] as const);
    if (!signed) return failed({ code: 'AUTH_INVALID_SIGNATURE', message: 'SubscriptionProjectID, Now and Signature are required' });
    const { SubscriptionProjectID: projectText, Now: now } = signed.values;
    const caller = await this.callers.projectSigned({
      projectId: /^[0-9]{1,9}$/.test(projectText) ? Number(projectText) : undefined,
      signedAt: parseCompactUtc(now),
      signedAtName: 'Now',
      callerIp: request.callerIp,
      // A project that cannot sign costs the same HMAC as a wrong signature.
      signatureMatches: (key, project) =>
        xmlSignatureMatches(subscriptionSignature(project?.subscriptionSignature ?? 'v1', key ?? UNKNOWN_SIGNER_KEY, projectText, now, signed.digest), signed.signature),
    });
    if (!caller.ok) return failed(this.refusalError(caller.error));
    const project = caller.value;

    const parsed = parseXmlDocument(read.document);
    if (!parsed.ok) return this.refused(parsed.refusal);
    const f = parsed.root;
    if (!matchesSigned(f, signed)) return failed({ code: 'AUTH_INVALID_SIGNATURE', message: 'The Request must hold the SubscriptionProjectID, Now and Signature that were signed' });
    const clientIp = readClientIp(f);
    const { useCases, paymentPages, mode } = this.deps;
    const result = await run(f, { useCases, paymentPages, project, mode, clientIp, requestContext: request.context });
    return result.ok ? answered(ACCEPTED, result.value) : failed(result.error);
  }

  /** The service's words for each refusal: in production a project that cannot sign is answered as a wrong signature. */
  private refusalError({ check, error }: CallerRefusal<ProjectSignedCheck>): DomainError {
    const test = this.deps.mode === 'test';
    switch (check) {
      case 'unknown-signer':
        return test ? { code: 'AUTH_INVALID_PROJECT', message: 'No subscription service for this SubscriptionProjectID' } : { code: 'AUTH_INVALID_SIGNATURE', message: 'Invalid signature' };
      case 'signature':
        return { code: 'AUTH_INVALID_SIGNATURE', message: test ? 'Signature mismatch' : 'Invalid signature' };
      case 'unreadable-time':
        return { code: 'AUTH_INVALID_TIMESTAMP', message: 'Now must be UTC time as yyyyMMddHHmmss' };
      case 'drift':
      case 'project-inactive':
      case 'address-not-allowed':
        return error;
    }
  }

  private refused({ kind, message, status, headers }: IntakeRefusal): XmlServiceAnswer {
    return { status, body: statusXml(SUBSCRIPTION_REFUSALS[kind], { StatusDescription: message }), outcome: outcome(SUBSCRIPTION_REFUSALS[kind]), ...(headers ? { headers } : {}) };
  }
}
