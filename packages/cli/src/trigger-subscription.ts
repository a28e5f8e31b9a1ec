import { randomInt } from 'node:crypto';
import type { KassaClient } from '@kassa-payments/merchant-client';
import { CliError, EXIT } from './cli-error.js';
import { must } from './merchant-answer.js';
import { type SubscriptionConnection, SubscriptionServiceClient } from './subscription-service-client.js';

/** The subscription service's notifications `kassa trigger` makes, by their events' names (GET events `type`). */
export const SUBSCRIPTION_TRIGGER_EVENTS = ['subscription.activated', 'subscription.charged', 'subscription.cancelled'] as const;
export type SubscriptionTriggerEvent = (typeof SUBSCRIPTION_TRIGGER_EVENTS)[number];

/**
 * The CreateSubscription elements an override may set. The others would change how the subscription
 * is made (CustomerType=Card confirms on a payment page; BillingPeriodSeconds, MaxIterations or a
 * TestClockID another schedule), and the trigger could no longer drive it to its event.
 */
export const SUBSCRIPTION_OVERRIDE_PATHS = ['Subscriber_MSISDN', 'TestInfo.BillingAmount', 'TestInfo.ExpectedBillingResult', 'TestInfo.OperatorID'] as const;

export interface SubscriptionTriggered {
  readonly subscription_id: string;
  /** subscription.charged: the test clock its subscription lives on, advanced past the first charge. */
  readonly test_clock_id?: string;
}

/** What CreateSubscription is sent: the number, and the TestInfo block's elements. */
interface SubscriptionRequest {
  readonly Subscriber_MSISDN: string;
  readonly TestInfo: Readonly<Record<string, string>>;
}

/** `request` with each override set; a path outside SUBSCRIPTION_OVERRIDE_PATHS is a usage mistake. */
function withSubscriptionOverrides(request: SubscriptionRequest, overrides: readonly (readonly [string[], string])[]): SubscriptionRequest {
  let { Subscriber_MSISDN, TestInfo } = request;
  for (const [path, value] of overrides) {
    const name = path.join('.');
    if (!(SUBSCRIPTION_OVERRIDE_PATHS as readonly string[]).includes(name)) {
      throw new CliError(`--override ${name}: the subscription events take ${SUBSCRIPTION_OVERRIDE_PATHS.join(', ')}`, EXIT.usage);
    }
    if (name === 'Subscriber_MSISDN') Subscriber_MSISDN = value;
    else TestInfo = { ...TestInfo, [path[1] as string]: value };
  }
  return { Subscriber_MSISDN, TestInfo };
}

const PIN = '1234';
/** The production period: a test clock charges a subscription without BillingPeriodSeconds every 30 days. */
const PERIOD_MS = 30 * 86_400_000;
/** Times as the API writes them (whole seconds). */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Makes, through the test environment's subscription service, the SMS_PIN subscription whose life
 * produces `event`: created and approved with the test PIN (activated), then cancelled (cancelled);
 * for a charge, made on a new test clock standing at now, advanced past the first charge 30 days on:
 * exactly one charge, successful or (declined) refused, and no wait. Each step's
 * SubscriptionStatusNotification goes to the project's subscription notification URL, as it would
 * for any subscription.
 */
export async function triggerSubscription(
  client: KassaClient,
  connection: SubscriptionConnection,
  event: SubscriptionTriggerEvent,
  options: { readonly declined?: boolean; readonly overrides: readonly (readonly [string[], string])[] },
): Promise<SubscriptionTriggered> {
  const declined = event === 'subscription.charged' && options.declined === true;
  const request = withSubscriptionOverrides(
    { Subscriber_MSISDN: `7900${String(randomInt(10_000_000)).padStart(7, '0')}`, TestInfo: declined ? { ExpectedBillingResult: 'Failed' } : {} },
    options.overrides,
  );
  const subs = new SubscriptionServiceClient(connection);
  await subs.openTestEnvironment();
  const { project } = connection;
  // The clock stands at now: the subscription is activated at once and its first charge falls due 30 days on.
  const clockTime = Math.floor(Date.now() / 1000) * 1000;
  const clock =
    event === 'subscription.charged'
      ? must(await client.createTestClock(project, { frozen_time: isoSeconds(clockTime), name: 'kassa trigger subscription.charged' }), 'creating the test clock')
      : undefined;
  const testInfo = { ...request.TestInfo, ...(clock ? { TestClockID: clock.test_clock_id } : {}) };
  const created = await subs.call(
    'CreateSubscription',
    { Subscriber_MSISDN: request.Subscriber_MSISDN, ...(Object.keys(testInfo).length > 0 ? { TestInfo: testInfo } : {}) },
    'creating the subscription',
  );
  const subscriptionId = created.elements['SubscriptionID'];
  if (!subscriptionId) throw new CliError('creating the subscription: the answer has no SubscriptionID', EXIT.unavailable);
  await subs.call('ApproveSubscription', { SubscriptionID: subscriptionId, PinCode: PIN }, 'approving the subscription');
  if (event === 'subscription.cancelled') await subs.call('CancelSubscription', { SubscriptionID: subscriptionId }, 'cancelling the subscription');
  if (clock) await advanceTo(client, project, clock.test_clock_id, clockTime + PERIOD_MS + 60_000);
  return { subscription_id: subscriptionId, ...(clock ? { test_clock_id: clock.test_clock_id } : {}) };
}

/** Advances the clock to `until` and waits until it is ready (the API's own wait ends after 25 s with 202: then it is polled). */
async function advanceTo(client: KassaClient, project: number, testClockId: string, until: number): Promise<void> {
  let clock = must(await client.advanceTestClock(project, testClockId, { frozen_time: isoSeconds(until) }, { wait: true }), 'advancing the test clock');
  const deadline = Date.now() + 60_000;
  while (clock.status !== 'ready') {
    if (Date.now() > deadline) throw new CliError(`the test clock ${testClockId} is still ${clock.status} after a minute`, EXIT.unavailable);
    await new Promise((resolve) => setTimeout(resolve, 500));
    clock = must(await client.getTestClock(project, testClockId), 'reading the test clock');
  }
}
