import type { RequestContext } from '@kassa-payments/domain';
import {
  ALTERNATE_OPERATOR_ID,
  domainError,
  err,
  ok,
  parseMoney,
  type DomainError,
  type KassaMode,
  type KassaUseCases,
  type PaymentPages,
  type Project,
  type Result,
  type SubscriptionLocator,
  type SubscriptionTestInfo,
} from '@kassa-payments/domain';
import { FIELD_RULES, LIMITS } from '@kassa-payments/protocol';
import { GUID, readOptionalMsisdn } from '../invoice-service/xml-customer.js';
import { XmlFieldError, type XmlFields } from '../invoice-service/xml-fields.js';
import type { SubscriptionData } from './subscription-response.js';
import { listedView, paidUntilOf, statusView } from './subscription-views.js';

/** What a method needs: the use cases, the page links, and the authenticated project. */
export interface MethodContext {
  readonly useCases: KassaUseCases;
  readonly paymentPages: PaymentPages;
  readonly project: Project;
  readonly mode: KassaMode;
  readonly clientIp: string | undefined;
  /** The request's context: the events its command records carry its id. */
  readonly requestContext?: RequestContext | undefined;
}

export type SubscriptionMethod = (fields: XmlFields, context: MethodContext) => Promise<Result<SubscriptionData, DomainError>>;

const wrong = (message: string) => err(domainError('SUBSCRIPTION_WRONG_PARAMS', message));

/** Subscriber_MSISDN, or (test environment) its legacy name MSISDN. */
function msisdnOf(f: XmlFields, mode: KassaMode): string | undefined {
  const value = readOptionalMsisdn(f, 'Subscriber_MSISDN');
  if (value || mode !== 'test') return value || undefined;
  return readOptionalMsisdn(f, 'MSISDN') || undefined;
}

/** SubscriptionID, Subscriber_MSISDN or SubscriberID, in that order of preference. */
function locatorOf(f: XmlFields, mode: KassaMode, required: boolean): SubscriptionLocator | undefined {
  const id = f.optionalText('SubscriptionID', 64);
  if (id) return { subscriptionId: id };
  const msisdn = msisdnOf(f, mode);
  if (msisdn) return { msisdn };
  const subscriberId = f.optionalField('SubscriberID', FIELD_RULES.merchantCustomerId, { emptyIsAbsent: true });
  if (subscriberId) return { subscriberId };
  if (required) throw new XmlFieldError(`${f.path}: SubscriptionID, Subscriber_MSISDN or SubscriberID is required`);
  return undefined;
}

const integer = (f: XmlFields, name: string, min: number, max: number): number | undefined => {
  const text = f.optionalText(name, 12);
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < min || Number(text) > max) throw new XmlFieldError(`${f.path}/${name}: a whole number from ${min} to ${max}`);
  return Number(text);
};

/** The TestInfo block (test environment): every value in its range, else WRONG_PARAMS naming the element. */
function testInfoOf(f: XmlFields): SubscriptionTestInfo | undefined {
  const t = f.optionalChild('TestInfo');
  if (!t) return undefined;
  const period = integer(t, 'BillingPeriodSeconds', 1, 86400);
  const maxIterations = integer(t, 'MaxIterations', 1, 100);
  const operatorId = integer(t, 'OperatorID', 1, 999_999);
  const expected = t.optionalMatching('ExpectedBillingResult', /^(Success|Failed)$/, 'Success or Failed') as 'Success' | 'Failed' | undefined;
  const testClockId = t.optionalMatching('TestClockID', /^[0-9a-f-]{36}$/, 'a test clock id (POST test_clocks)');
  const amountText = t.optionalText('BillingAmount', 16);
  const amount = amountText === undefined ? undefined : parseMoney(amountText, 'RUB');
  if (amount && !amount.ok) throw new XmlFieldError(`${t.path}/BillingAmount: a decimal amount with two fraction digits, like 10.00`);
  return {
    ...(period !== undefined ? { billingPeriodSeconds: period } : {}),
    ...(maxIterations !== undefined ? { maxIterations } : {}),
    ...(operatorId !== undefined ? { operatorId } : {}),
    ...(expected ? { expectedBillingResult: expected } : {}),
    ...(amount?.ok ? { billingAmount: amount.value } : {}),
    ...(testClockId ? { testClockId } : {}),
  };
}

/** The seven methods of the subscription service: each reads its elements, calls its use case, answers its elements. */
export const SUBSCRIPTION_METHODS: Readonly<Record<string, SubscriptionMethod>> = {
  async CreateSubscription(f, { useCases, project, mode, clientIp, requestContext }) {
    const msisdn = msisdnOf(f, mode);
    const customerType = f.optionalText('CustomerType', 16);
    if (customerType !== undefined && customerType !== 'Card') return wrong(`${f.path}/CustomerType: only Card`);
    const customerId = f.optionalField('CustomerId', FIELD_RULES.merchantCustomerId, { emptyIsAbsent: true });
    const testInfo = mode === 'test' ? testInfoOf(f) : undefined;
    const created = await useCases.createSubscription.execute(
      {
        projectId: project.id,
        ...(msisdn ? { msisdn } : {}),
        ...(customerType === 'Card' ? { customerType } : {}),
        ...(customerId ? { customerId } : {}),
        ...(clientIp ? { clientIp } : {}),
        ...(testInfo ? { testInfo } : {}),
      },
      requestContext,
    );
    if (!created.ok) return created;
    const { subscription: s, authorizeUrl } = created.value;
    return ok({
      SubscriptionID: s.id,
      SubscriptionStatus: 'Pending',
      SubscriberAcceptanceRequired: true,
      SubscriberAcceptanceChannel: s.acceptanceChannel,
      AuthorizeUrl: authorizeUrl,
      OperatorID: s.operatorId,
      PaidUntil: paidUntilOf(s),
      TrialExists: s.trialExists,
    });
  },

  async ApproveSubscription(f, { useCases, project, requestContext }) {
    const result = await useCases.approveSubscription.execute({ projectId: project.id, subscriptionId: f.text('SubscriptionID', 64), pinCode: f.text('PinCode', LIMITS.pinCode) }, requestContext);
    return result.ok ? ok({}) : result;
  },

  async ResendPinCode(f, { useCases, project, requestContext }) {
    const result = await useCases.resendSubscriptionPin.execute({ projectId: project.id, subscriptionId: f.text('SubscriptionID', 64) }, requestContext);
    return result.ok ? ok({}) : result;
  },

  async GetSubscriptionStatus(f, { useCases, project, mode }) {
    const result = await useCases.getSubscriptionStatus.execute({ projectId: project.id, by: locatorOf(f, mode, true) as SubscriptionLocator });
    return result.ok ? ok(statusView(result.value)) : result;
  },

  async CancelSubscription(f, { useCases, paymentPages, project, mode, requestContext }) {
    const result = await useCases.cancelSubscription.execute({ projectId: project.id, by: locatorOf(f, mode, true) as SubscriptionLocator }, requestContext);
    if (!result.ok) return result;
    const s = result.value;
    // The alternate operator also answers its CancelUrl.
    if (s.operatorId !== ALTERNATE_OPERATOR_ID) return ok({});
    // The alternate operator's own page, where the subscriber sees the cancellation.
    const link = await paymentPages.linkFor({ id: s.id, projectId: s.projectId, kind: 'subscription' }, new Date(s.createdAt));
    return ok({ CancelUrl: `${link.url}&operation=cancel` });
  },

  async GetSubscriptions(f, { useCases, project, mode }) {
    const filter = locatorOf(f, mode, false);
    if (filter && 'subscriptionId' in filter) throw new XmlFieldError(`${f.path}/SubscriptionID: filter by Subscriber_MSISDN or SubscriberID`);
    const list = await useCases.listSubscriptions.execute({ projectId: project.id, ...(filter ? { filter } : {}) });
    return ok({ Subscriptions: list.map(listedView) });
  },

  async RefundBillingOperation(f, { useCases, project, requestContext }) {
    const id = f.matching('BillingOperationID', GUID, 'must be a UUID');
    const result = await useCases.refundBillingOperation.execute({ projectId: project.id, billingOperationId: id }, requestContext);
    return result.ok ? ok({ BillingOperationID: id }) : result;
  },
};
