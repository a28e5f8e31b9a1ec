import { parseCompactUtc, projectAccessError, withinDrift, type Clock, type DomainError, type KassaMode, type KassaUseCases, type PaymentPages, type ProjectDirectory } from '@kassa/domain';
import { XmlFieldError } from '../invoice-service/xml-fields.js';
import { readXmlRequest, type XmlServiceAnswer, type XmlServiceRequest } from '../shared/xml-intake.js';
import { ACCEPTED, SUBSCRIPTION_REFUSALS, SUBSCRIPTION_STATUS_NAMES } from './status-names.js';
import { SUBSCRIPTION_METHODS } from './subscription-methods.js';
import { statusXml } from './subscription-response.js';
import { xmlSignatureMatches } from '../invoice-service/xml-signature.js';
import { subscriptionSignature } from './subscription-signature.js';

export interface SubscriptionServiceDeps {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly paymentPages: PaymentPages;
  readonly clock: Clock;
  readonly mode: KassaMode;
  /** Where a failure of ours is logged (never the document: it holds PINs and signatures). */
  readonly logFailure: (err: unknown) => void;
}

/** The methods, and the path each is served at (GetSubscriptions has no `.aspx`, as the spec shows). */
export const SUBSCRIPTION_SERVICE_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(SUBSCRIPTION_METHODS).map((m) => [m, m === 'GetSubscriptions' ? '/Http/Services/GetSubscriptions' : `/Http/Services/${m}.aspx`]),
);

const answered = (status = ACCEPTED, data = {}): XmlServiceAnswer => ({ status: 200, body: statusXml(status, data) });

/** A domain error as the service answers it: its StatusName, a description, and for a wrong PIN the attempts left. */
function failed(e: DomainError): XmlServiceAnswer {
  const status = SUBSCRIPTION_STATUS_NAMES[e.code];
  const pin = e.code === 'SUBSCRIPTION_INVALID_PIN_CODE' ? { InvalidPinCode: true, AttemptsLeft: Number(e.details?.['attempts_left'] ?? 0) } : {};
  const body = statusXml(status, { StatusDescription: e.message, ...pin });
  return e.code === 'SERVICE_UNAVAILABLE' ? { status: 503, body, headers: { 'retry-after': '1' } } : { status: 200, body };
}

/**
 * The subscription service ({subs_base_url}/Http/Services/<Method>.aspx): one flat `Request` per
 * method, signed with the project's subscription secret over SubscriptionProjectID + Now. Answers
 * `Response {StatusID, StatusName, ...}`: 200 for every answered method, 4xx in XML for what is no
 * request at all, 503 for our own failure. Hostile XML is refused by the XML 2.9 service's intake.
 */
export class SubscriptionService {
  constructor(private readonly deps: SubscriptionServiceDeps) {}

  /** The document for a request refused below the service (not valid HTTP, headers too large, too slow). */
  refusal(message: string): string {
    return statusXml(SUBSCRIPTION_REFUSALS.http, { StatusDescription: message });
  }

  async handle(method: string, request: XmlServiceRequest): Promise<XmlServiceAnswer> {
    try {
      return await this.answer(method, request);
    } catch (e) {
      if (e instanceof XmlFieldError) return failed({ code: 'SUBSCRIPTION_WRONG_PARAMS', message: e.message });
      this.deps.logFailure(e);
      return failed({ code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable; retry' });
    }
  }

  private async answer(method: string, request: XmlServiceRequest): Promise<XmlServiceAnswer> {
    const read = readXmlRequest(request);
    if (!read.ok) {
      const { kind, message, status, headers } = read.refusal;
      return { status, body: statusXml(SUBSCRIPTION_REFUSALS[kind], { StatusDescription: message }), ...(headers ? { headers } : {}) };
    }
    const run = Object.hasOwn(SUBSCRIPTION_METHODS, method) ? SUBSCRIPTION_METHODS[method] : undefined;
    if (!run) return failed({ code: 'NOT_FOUND', message: `No method ${method.slice(0, 64)}` });
    const f = read.root;
    const projectText = f.optionalText('SubscriptionProjectID', 10);
    const now = f.optionalText('Now', 14);
    const signature = f.optionalText('Signature', 128);
    if (!projectText || !now || !signature) return failed({ code: 'AUTH_INVALID_SIGNATURE', message: 'SubscriptionProjectID, Now and Signature are required' });
    const projectId = /^[0-9]{1,9}$/.test(projectText) ? Number(projectText) : undefined;
    const project = projectId === undefined ? undefined : await this.deps.projects.findProject(projectId);
    // A project that cannot sign (unknown, or without a subscription secret) is told apart from a wrong signature only by name.
    if (!project?.subscriptionSecret) return failed({ code: 'AUTH_INVALID_PROJECT', message: 'No subscription service for this SubscriptionProjectID' });
    if (!xmlSignatureMatches(subscriptionSignature(project.subscriptionSecret, projectText, now), signature)) {
      return failed({ code: 'AUTH_INVALID_SIGNATURE', message: 'Signature mismatch' });
    }
    const at = parseCompactUtc(now);
    if (at === undefined) return failed({ code: 'AUTH_INVALID_TIMESTAMP', message: 'Now must be UTC time as yyyyMMddHHmmss' });
    if (!withinDrift(this.deps.clock.now().getTime(), at)) return failed({ code: 'AUTH_INVALID_TIMESTAMP', message: 'Now differs from the server time by more than 20 minutes' });
    const refused = projectAccessError(project, request.callerIp);
    if (refused) return failed(refused);
    const clientIp = f.optionalText('ClientIP', 64);
    const { useCases, paymentPages, mode } = this.deps;
    const result = await run(f, { useCases, paymentPages, project, mode, clientIp: clientIp || undefined });
    return result.ok ? answered(ACCEPTED, result.value) : failed(result.error);
  }
}
