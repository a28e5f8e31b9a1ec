import { randomInt } from 'node:crypto';
import { signSubscriptionRequest, type SubscriptionSignatureVersion } from '@kassa-payments/protocol';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { CliError, EXIT } from './cli-error.js';
import { merchantUrl } from './merchant-url.js';

/** The subscription service's host and the project's subscription secret, from the environment only. */
export interface SubscriptionConnection {
  /** KASSA_SUBS_URL: `{subs_base_url}`, the subscriptions listener (KASSA_SUBS_PORT, 8083 by default). */
  readonly url: string;
  /** KASSA_SUBSCRIPTION_SECRET: the project's subscription secret (whsec_…), which signs requests. */
  readonly secret: string;
  readonly project: number;
}

/**
 * The subscription service's connection: KASSA_SUBSCRIPTION_SECRET is required (a secret given as an
 * argument would show in the process list). KASSA_SUBS_URL defaults to the local one only while
 * KASSA_API_URL is the local default too: guessed beside another API, it could be another Kassa's.
 */
export function subscriptionFromEnv(env: Record<string, string | undefined>, project: number, allowPlainHttp = false): SubscriptionConnection {
  const secret = env['KASSA_SUBSCRIPTION_SECRET'];
  if (!secret) throw new CliError("set KASSA_SUBSCRIPTION_SECRET (the project's subscription secret, whsec_…): subscription events are made through the subscription service", EXIT.usage);
  const url = env['KASSA_SUBS_URL'] ?? (env['KASSA_API_URL'] ? undefined : 'http://127.0.0.1:8083');
  if (!url) throw new CliError("set KASSA_SUBS_URL (the subscription service's host, {subs_base_url}) beside KASSA_API_URL", EXIT.usage);
  if (!URL.canParse(url)) throw new CliError(`KASSA_SUBS_URL ${url.slice(0, 80)} is not a URL`, EXIT.usage);
  merchantUrl(url, 'KASSA_SUBS_URL', allowPlainHttp);
  return { url: url.replace(/\/+$/, ''), secret, project };
}

/** An answer of the service: its StatusName, and its elements as text. */
export interface SubscriptionAnswer {
  readonly statusName: string;
  readonly elements: Readonly<Record<string, string>>;
}

/** Request elements: text, or a nested block (TestInfo). */
export type SubscriptionElements = { readonly [name: string]: string | SubscriptionElements };

// Values are escaped by the builder: an override's text can never become markup.
const builder = new XMLBuilder({ format: false, suppressEmptyNode: false, processEntities: true });
// Answers are read as text (an id of digits stays a string).
const parser = new XMLParser({ parseTagValue: false });
const compactUtc = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/**
 * The merchant's side of the subscription service ({subs_base_url}/Http/Services/<Method>.aspx), as
 * the trigger needs it: each request signed with the project's subscription secret in the version
 * the project accepts (found by `openTestEnvironment`).
 */
export class SubscriptionServiceClient {
  private version: SubscriptionSignatureVersion = 'v1';

  constructor(private readonly connection: SubscriptionConnection) {}

  /**
   * Makes sure the service is a test environment's, before anything is made there: a production
   * subscription would send an SMS to a real number and charge it. The probe reads only: it looks a
   * subscription up by the legacy `MSISDN` element, which the test environment alone reads (it
   * answers SubscriptionNotFound; production, which ignores it, answers that a locator is missing).
   * It also finds the project's signature version (v1, the spec's, or v2) by its answer.
   */
  async openTestEnvironment(): Promise<void> {
    const msisdn = `7900${String(randomInt(10_000_000)).padStart(7, '0')}`;
    let answer = await this.send('GetSubscriptionStatus', { MSISDN: msisdn });
    if (answer.statusName === 'InvalidSignature') {
      this.version = 'v2';
      answer = await this.send('GetSubscriptionStatus', { MSISDN: msisdn });
    }
    const description = answer.elements['StatusDescription'] ?? '';
    if (answer.statusName === 'InvalidSignature') {
      throw new CliError(
        `the subscription service at ${this.connection.url} refused the signature: is KASSA_SUBSCRIPTION_SECRET project ${this.connection.project}'s subscription secret?`,
        EXIT.refused,
      );
    }
    if (answer.statusName === 'WRONG_PARAMS') {
      throw new CliError(`kassa trigger works in the test environment only: the subscription service at ${this.connection.url} is production's (its subscriptions would be real)`, EXIT.refused);
    }
    if (answer.statusName !== 'SubscriptionNotFound' && answer.statusName !== 'REQUEST_ACCEPTED') {
      throw new CliError(`the subscription service at ${this.connection.url}: ${answer.statusName}${description ? `: ${description}` : ''}`, EXIT.refused);
    }
  }

  /** Calls `method`; a refusal (any StatusName but REQUEST_ACCEPTED) becomes the command's failure. */
  async call(method: string, elements: SubscriptionElements, what: string): Promise<SubscriptionAnswer> {
    const answer = await this.send(method, elements);
    if (answer.statusName === 'REQUEST_ACCEPTED') return answer;
    const description = answer.elements['StatusDescription'];
    const exitCode = answer.statusName === 'ServiceUnavailable' ? EXIT.unavailable : EXIT.refused;
    throw new CliError(`${what}: ${answer.statusName}${description ? `: ${description}` : ''}`, exitCode);
  }

  private async send(method: string, elements: SubscriptionElements): Promise<SubscriptionAnswer> {
    const { url, secret, project } = this.connection;
    const now = compactUtc(new Date());
    const unsigned = `<?xml version="1.0" encoding="utf-8"?>${builder.build({ Request: { SubscriptionProjectID: project, Now: now, Signature: '', ...elements } }) as string}`;
    const body = signSubscriptionRequest(unsigned, secret, project, now, this.version);
    let text: string;
    try {
      const response = await fetch(`${url}/Http/Services/${method}.aspx`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body });
      text = await response.text();
    } catch (e) {
      throw new CliError(`the subscription service at ${url} did not answer: ${(e as Error).message}`, EXIT.unavailable);
    }
    const response = readResponse(text);
    if (!response) throw new CliError(`the subscription service at ${url} answered no Response document: is KASSA_SUBS_URL the subscriptions host?`, EXIT.unavailable);
    return response;
  }
}

/** The `Response` document's StatusName and its text elements; undefined for anything else. */
function readResponse(text: string): SubscriptionAnswer | undefined {
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch {
    return undefined;
  }
  const response = (document as { Response?: unknown }).Response;
  if (typeof response !== 'object' || response === null) return undefined;
  const elements = Object.fromEntries(Object.entries(response).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return elements['StatusName'] ? { statusName: elements['StatusName'], elements } : undefined;
}
