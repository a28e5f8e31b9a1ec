import { randomInt, randomUUID } from 'node:crypto';
import { KassaClient } from '@kassa-payments/merchant-client';
import { clientIpRequest, contractCancelRequest, contractPinRequest, createContractRequest, createInvoiceRequest } from '@kassa-payments/protocol';
import { CliError, EXIT } from './cli-error.js';
import { must } from './merchant-answer.js';
import { merchantUrl } from './merchant-url.js';
import type { SubscriptionConnection } from './subscription-service-client.js';
import { SUBSCRIPTION_TRIGGER_EVENTS, type SubscriptionTriggerEvent, triggerSubscription } from './trigger-subscription.js';

export { SUBSCRIPTION_OVERRIDE_PATHS, SUBSCRIPTION_TRIGGER_EVENTS } from './trigger-subscription.js';
export { subscriptionFromEnv } from './subscription-service-client.js';

/** The events `kassa trigger` makes, each by the sandbox objects that produce it. */
export const TRIGGER_EVENTS = ['contract.authorized', 'contract.closed', 'payment.updated', 'refund.completed', ...SUBSCRIPTION_TRIGGER_EVENTS] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

export const isSubscriptionEvent = (event: TriggerEvent): event is SubscriptionTriggerEvent => (SUBSCRIPTION_TRIGGER_EVENTS as readonly string[]).includes(event);

/** A merchant's credentials, from the environment only: a password given as an argument would show in the process list. */
export interface MerchantConnection {
  readonly api: string;
  readonly login: string;
  readonly password: string;
  readonly project: number;
}

/** `allowPlainHttp`: the command's --allow-plain-http (else KASSA_API_URL over plain http to another machine is refused). */
export function merchantFromEnv(env: Record<string, string | undefined>, allowPlainHttp = false): MerchantConnection {
  const missing = ['KASSA_LOGIN', 'KASSA_PASSWORD', 'KASSA_PROJECT'].filter((name) => !env[name]);
  if (missing.length > 0) throw new CliError(`set ${missing.join(', ')} (and KASSA_API_URL, default http://127.0.0.1:8080): credentials come from the environment only`, EXIT.usage);
  const project = Number(env['KASSA_PROJECT']);
  if (!Number.isInteger(project) || project < 0) throw new CliError('KASSA_PROJECT: expected a project id (a whole number)', EXIT.usage);
  return {
    api: merchantUrl(env['KASSA_API_URL'] ?? 'http://127.0.0.1:8080', 'KASSA_API_URL (or --api)', allowPlainHttp),
    login: env['KASSA_LOGIN'] ?? '',
    password: env['KASSA_PASSWORD'] ?? '',
    project,
  };
}

/** `PATH=VALUE`, the value a string (amounts are strings: `order.price.amount=99.00`); XML element names are capitalised (`TestInfo.BillingAmount=25.50`). */
export function parseOverride(text: string): readonly [string[], string] {
  const at = text.indexOf('=');
  const path = at > 0 ? text.slice(0, at).split('.') : [];
  if (path.length === 0 || path.some((part) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(part))) throw new CliError(`--override ${text}: expected PATH=VALUE, e.g. order.price.amount=99.00`, EXIT.usage);
  return [path, text.slice(at + 1)];
}

/** `body` with each override set, the objects on its path made where missing. */
export function withOverrides(body: Record<string, unknown>, overrides: readonly Override[]): Record<string, unknown> {
  const copy = structuredClone(body);
  for (const [path, value] of overrides) {
    let at: Record<string, unknown> = copy;
    for (const part of path.slice(0, -1)) {
      const next = at[part];
      const inner = (typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
      at[part] = inner;
      at = inner;
    }
    at[path.at(-1) as string] = value;
  }
  return copy;
}

export type Override = readonly [string[], string];

/**
 * `body` with the overrides its request knows: each override reaches every request whose schema has
 * its first field (`client_ip` and `customer.msisdn` every request that takes them, `order.*` the
 * invoice only), so one `--override client_ip=…` holds for the contract, its PIN and the invoice alike.
 */
export const requestWith = (schema: { readonly shape: object }, body: Record<string, unknown>, overrides: readonly Override[]): Record<string, unknown> =>
  withOverrides(
    body,
    overrides.filter(([path]) => Object.hasOwn(schema.shape, path[0] as string)),
  );

/** What a trigger made: the objects' ids and the event's. */
export interface Triggered {
  readonly event: TriggerEvent;
  readonly event_id: string;
  readonly contract_id?: string;
  readonly invoice_id?: string;
  readonly subscription_id?: string;
  readonly test_clock_id?: string;
}

const PIN = '1234';
/**
 * The payer's address every request sends (TEST-NET-3, RFC 5737): projects may require `client_ip`,
 * as the quick start's demo project does; `--override client_ip=…` sets another.
 */
export const TRIGGER_CLIENT_IP = '203.0.113.7';
/** A merchant id of the trigger's own: `trg` and 32 hex digits (within the spec's 38 characters). */
const triggerId = () => `trg${randomUUID().replaceAll('-', '')}`;

/**
 * `kassa trigger EVENT`: makes, through the JSON API and in the test environment only, the sandbox
 * objects whose life produces EVENT, waits for the event and answers its id. Overrides set fields of
 * the request that makes the event's object (the contract's, the invoice's, or CreateSubscription's).
 * The subscription events need the subscription service's connection (`subscriptionFromEnv`).
 */
export async function trigger(
  connection: MerchantConnection,
  event: TriggerEvent,
  options: { readonly declined?: boolean; readonly overrides: readonly Override[]; readonly subscription?: SubscriptionConnection },
): Promise<Triggered> {
  if (!isSubscriptionEvent(event)) refuseUnknownOverrides(event, options.overrides);
  const client = new KassaClient({ baseUrl: connection.api, login: connection.login, password: connection.password });
  await refuseProduction(connection.api);
  const { project } = connection;
  if (isSubscriptionEvent(event)) {
    if (!options.subscription) throw new CliError(`${event} needs the subscription service: set KASSA_SUBSCRIPTION_SECRET and KASSA_SUBS_URL`, EXIT.usage);
    const made = await triggerSubscription(client, options.subscription, event, options);
    return { event, event_id: await eventOf(client, project, event, made.subscription_id), ...made };
  }
  const { overrides } = options;
  const customer = { type: 'mobile_phone' as const, msisdn: `7900${String(randomInt(10_000_000)).padStart(7, '0')}` };
  const client_ip = TRIGGER_CLIENT_IP;
  const merchantContractId = triggerId();
  const contractBody = requestWith(createContractRequest, { client_ip, customer, merchant_contract_id: merchantContractId }, overrides);
  const contract = must(await client.createContract(project, contractBody as Parameters<KassaClient['createContract']>[1]), 'creating the contract');
  const pinBody = requestWith(contractPinRequest, { client_ip, pin_code: PIN, merchant_contract_id: contractBody['merchant_contract_id'] }, overrides);
  must(await client.authorizeContract(project, contract.contract_id, pinBody as Parameters<KassaClient['authorizeContract']>[2]), 'authorizing the contract');
  if (event === 'contract.authorized') return { event, event_id: await eventOf(client, project, event, contract.contract_id), contract_id: contract.contract_id };
  if (event === 'contract.closed') {
    const cancelBody = requestWith(contractCancelRequest, { client_ip, merchant_contract_id: contractBody['merchant_contract_id'] }, overrides);
    must(await client.cancelContract(project, contract.contract_id, cancelBody as Parameters<KassaClient['cancelContract']>[2]), 'cancelling the contract');
    return { event, event_id: await eventOf(client, project, event, contract.contract_id), contract_id: contract.contract_id };
  }
  const invoiceBody = requestWith(
    createInvoiceRequest,
    {
      client_ip,
      customer: contractBody['customer'],
      order: { merchant_order_id: triggerId() },
      contract: { merchant_contract_id: contractBody['merchant_contract_id'] },
      test_info: { expected_billing_result: options.declined ? 'FailedSequencePayment' : 'SuccessSequencePayment' },
    },
    overrides,
  );
  const invoice = must(await client.createInvoice(project, invoiceBody as Parameters<KassaClient['createInvoice']>[1]), 'creating the invoice');
  if (event === 'payment.updated') return { event, event_id: await eventOf(client, project, event, invoice.invoice_id), contract_id: contract.contract_id, invoice_id: invoice.invoice_id };
  await eventOf(client, project, 'payment.updated', invoice.invoice_id);
  const refundBody = requestWith(clientIpRequest, { client_ip }, overrides);
  must(await client.refundInvoice(project, invoice.invoice_id, refundBody as { client_ip?: string }), 'refunding the invoice');
  return { event, event_id: await eventOf(client, project, event, invoice.invoice_id), contract_id: contract.contract_id, invoice_id: invoice.invoice_id };
}

/** The requests each event's chain makes, by the schemas of their bodies. */
const CHAIN: Record<Exclude<TriggerEvent, SubscriptionTriggerEvent>, readonly { readonly shape: object }[]> = {
  'contract.authorized': [createContractRequest, contractPinRequest],
  'contract.closed': [createContractRequest, contractPinRequest, contractCancelRequest],
  'payment.updated': [createContractRequest, contractPinRequest, createInvoiceRequest],
  'refund.completed': [createContractRequest, contractPinRequest, createInvoiceRequest, clientIpRequest],
};

/** An override no request of the chain takes would be dropped without a word: a usage mistake (a typo, or `order.*` on a contract event). */
function refuseUnknownOverrides(event: Exclude<TriggerEvent, SubscriptionTriggerEvent>, overrides: readonly Override[]): void {
  const known = new Set(CHAIN[event].flatMap((schema) => Object.keys(schema.shape)));
  const unknown = overrides.find(([path]) => !known.has(path[0] as string));
  if (unknown) throw new CliError(`--override ${unknown[0].join('.')}: no request ${event} makes has it (they take ${[...known].sort().join(', ')})`, EXIT.usage);
}

/** Production's document has no test environment operations: a trigger there would move real money. */
async function refuseProduction(api: string): Promise<void> {
  let document: { paths?: Record<string, unknown> };
  try {
    document = (await (await fetch(`${api}/api/v3/openapi.json`)).json()) as typeof document;
  } catch (e) {
    throw new CliError(`Kassa at ${api} did not answer: ${(e as Error).message}`, EXIT.unavailable);
  }
  if (!Object.keys(document.paths ?? {}).some((path) => path.endsWith('/test_data/reset'))) {
    throw new CliError(`kassa trigger works in the test environment only: ${api} is production (its objects would be real)`, EXIT.refused);
  }
}

/** The event of `type` about `objectId`, once the event log has it (a moment after the call). */
async function eventOf(client: KassaClient, project: number, type: TriggerEvent, objectId: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const page = must(await client.listEvents(project, { type, limit: 100 }), 'listing the events');
    const found = page.items.find((e) => JSON.stringify(e.data).includes(objectId));
    if (found) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new CliError(`no ${type} event for ${objectId} within 20 s`, EXIT.unavailable);
}
