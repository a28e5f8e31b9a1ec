import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { money } from '../../shared/money.js';
import { ok, type Result } from '../../shared/result.js';
import { PRODUCTION_PERIOD_SECONDS, type SubscriptionBilling, type SubscriptionTestInfo } from '../billing-operation.js';
import { failUndeliverableApproval, openSubscription, subscriptionLifecycle, type Subscription } from '../subscription.js';
import { newPin, sendPinOrClose } from '../../application/pin-delivery.js';
import { clockOf } from '../../application/event-stamp.js';
import { scheduleDueWork } from '../../application/save-and-schedule.js';

export interface CreateSubscriptionInput {
  readonly projectId: number;
  /** SMS_PIN activation by number. */
  readonly msisdn?: string;
  /** CustomerType=Card: payment by card or fast payment; needs `customerId`. */
  readonly customerType?: 'Card';
  readonly customerId?: string;
  /** WAP activation when sent without a number. */
  readonly clientIp?: string;
  readonly testInfo?: SubscriptionTestInfo;
}

export interface CreatedSubscription {
  readonly subscription: Subscription;
  /** AUTH_PAGE: where the subscriber confirms by paying. */
  readonly authorizeUrl?: string;
}

export const DEFAULT_OPERATOR_ID = 22;
/** OperatorID 20: the alternate operator behaviour (its WAP return parameters, CancelSubscription's CancelUrl). */
export const ALTERNATE_OPERATOR_ID = 20;
/** Production subscriptions run until cancelled; this stands for "no MaxIterations". */
export const UNLIMITED_ITERATIONS = 1_000_000_000;
const wrongParams = (message: string) => fail('SUBSCRIPTION_WRONG_PARAMS', message);

/** CreateSubscription: Pending, awaiting its PIN (SMS_PIN) or a payment on the page (AUTH_PAGE). */
export class CreateSubscription {
  constructor(
    private readonly ports: Pick<
      KassaPorts,
      'subscriptions' | 'projects' | 'carriers' | 'geography' | 'clock' | 'ids' | 'pins' | 'pinDigests' | 'sms' | 'scheduler' | 'paymentPages' | 'sandbox' | 'time'
    >,
  ) {}

  async execute(input: CreateSubscriptionInput, context?: RequestContext): Promise<Result<CreatedSubscription, DomainError>> {
    const { subscriptions, carriers, geography, ids, pinDigests, scheduler, paymentPages, sandbox, time } = this.ports;
    if (input.customerType === 'Card' && !input.customerId) return wrongParams('CustomerId is required with CustomerType=Card');
    if (!input.msisdn && input.customerType !== 'Card' && !input.clientIp) {
      return wrongParams('Subscriber_MSISDN, CustomerType=Card with CustomerId, or ClientIP is required');
    }
    const start = await time.start(input.projectId, input.testInfo?.testClockId);
    if (!start.ok) return wrongParams(`TestClockID: ${start.error.message}`);
    const onClock = clockOf(start.value);
    const billing = await this.billing(input, onClock.testClockId !== undefined);
    if (!billing.ok) return billing;
    const carrier = input.msisdn ? await carriers.lookup(input.msisdn, context) : undefined;
    // ClientIP sent with a number: the address must be in the number's country.
    if (input.msisdn && input.clientIp && carrier) {
      const ipCountry = await geography.countryOfIp(input.clientIp);
      if (ipCountry && ipCountry !== carrier.country.toLowerCase()) {
        return wrongParams(`ClientIP: the address is in ${ipCountry}, the number in ${carrier.country.toLowerCase()} (country match check)`);
      }
    }
    const channel = input.msisdn ? 'SMS_PIN' : 'AUTH_PAGE';
    const id = ids.newId();
    const pin = channel === 'SMS_PIN' ? newPin(this.ports) : null;
    const now = start.value.now;
    const subscription = openSubscription({
      id,
      projectId: input.projectId,
      acceptanceChannel: channel,
      subscriberMsisdn: input.msisdn ?? null,
      subscriberId: input.customerId ?? null,
      country: (carrier?.country ?? 'ru').toLowerCase(),
      operatorId: (sandbox ? input.testInfo?.operatorId : undefined) ?? carrier?.operator.id ?? DEFAULT_OPERATOR_ID,
      pinDigest: pin ? pinDigests.digest(id, pin) : null,
      billing: billing.value,
      now: now.toISOString(),
      ...onClock,
    });
    await subscriptions.create(subscription, []);
    if (input.msisdn && pin) {
      // Its approval fails at once (ApprovingFailed, notified).
      const undelivered = await sendPinOrClose(
        this.ports,
        input.msisdn,
        pin,
        {
          what: 'subscription',
          record: subscription,
          close: failUndeliverableApproval,
          save: (s, e) => subscriptions.save(s, e),
        },
        context,
      );
      if (undelivered) return undelivered;
    }
    await scheduleDueWork(scheduler, subscriptionLifecycle, subscription, undefined, undefined, context);
    if (channel === 'SMS_PIN') return ok({ subscription });
    return ok({ subscription, authorizeUrl: (await paymentPages.linkFor({ id: subscription.id, projectId: subscription.projectId, kind: 'subscription', ...onClock }, now)).url });
  }

  /** The sandbox's, read from TestInfo; without a sandbox (production) TestInfo is ignored: the production period, until cancelled. */
  private async billing(input: CreateSubscriptionInput, onClock: boolean): Promise<Result<SubscriptionBilling, DomainError>> {
    if (this.ports.sandbox) return this.ports.sandbox.subscriptionBilling(input.testInfo, onClock);
    const project = await this.ports.projects.findProject(input.projectId);
    const amount = project?.defaultPrice ?? money(1000, 'RUB');
    return ok({ periodSeconds: PRODUCTION_PERIOD_SECONDS, maxIterations: UNLIMITED_ITERATIONS, expectedResult: 'Success', amount });
  }
}
