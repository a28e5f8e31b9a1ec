import type { RequestContext } from '@kassa-payments/domain';
import { INVOICE_STATUS_BY_STATE, paymentStatusName, SUBSCRIPTION_STATUS_BY_STATE } from '@kassa-payments/protocol';
import type { Request } from 'express';
import {
  invoiceIsPaid,
  offeredMethods,
  subscriptionActivation,
  type DomainError,
  type Invoice,
  type Money,
  type PagePaymentMethod,
  type PaymentCard,
  type Project,
  type Result,
  type Subscription,
} from '@kassa-payments/domain';
import type { PaymentPagesDeps } from './pages-deps.js';
import type { JwtPaymentPages } from './jwt-payment-pages.js';

/** The payer's view of what is paid: still payable, paid, or no longer payable (cancelled or expired). */
export type PaymentState = 'open' | 'paid' | 'expired';

/** What a payment page is for: an AUTH_PAGE invoice, or an AUTH_PAGE subscription's first payment (or its WAP confirmation). */
export interface Payable {
  readonly kind: 'invoice' | 'subscription';
  readonly id: string;
  readonly projectId: number;
  readonly price: Money;
  readonly merchantOrderId?: string;
  readonly state: PaymentState;
  /** The spec's status names, as the widget's status answers them. */
  readonly status: string;
  readonly paymentStatus: 'PAID' | 'NOT_PAID';
  readonly failedAttempts: number;
  readonly lastFailure?: { readonly resultCode: number; readonly resultDescription: string };
  /** A subscription's activation: paid on the page, or confirmed at the operator (WAP). */
  readonly activation?: 'PAGE' | 'WAP';
}

/** What a valid widget token opens: the payable, its project, and the methods the payer may use. */
export interface OpenedPayment {
  readonly target: Payable;
  readonly project: Project;
  readonly token: string;
  /** Card first (always offered on the page), then the project's methods. */
  readonly methods: readonly PagePaymentMethod[];
}

const fromInvoice = (i: Invoice): Payable | undefined => {
  if (i.authorizationType !== 'AUTH_PAGE') return undefined;
  const failures = i.transactions.filter((t) => t.status === 'FAILED');
  const last = failures.at(-1);
  return {
    kind: 'invoice',
    id: i.id,
    projectId: i.projectId,
    price: i.price,
    merchantOrderId: i.merchantOrderId,
    state: i.state === 'processed' ? 'paid' : i.state === 'cancelled' ? 'expired' : 'open',
    status: INVOICE_STATUS_BY_STATE[i.state],
    paymentStatus: paymentStatusName(invoiceIsPaid(i)),
    failedAttempts: failures.length,
    ...(last ? { lastFailure: { resultCode: last.resultCode, resultDescription: last.resultDescription } } : {}),
  };
};

const fromSubscription = (s: Subscription): Payable | undefined => {
  const activation = subscriptionActivation(s);
  if (activation === 'SMS_PIN') return undefined;
  const approved = s.activatedAt !== null;
  return {
    kind: 'subscription',
    id: s.id,
    projectId: s.projectId,
    price: s.billing.amount,
    state: s.state === 'pending' ? 'open' : approved ? 'paid' : 'expired',
    status: SUBSCRIPTION_STATUS_BY_STATE[s.state],
    paymentStatus: paymentStatusName(approved),
    failedAttempts: s.activationAttempts ?? 0,
    activation,
  };
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The token of a widget or page request: `t`, or the legacy `token`. */
export const tokenOf = (source: Record<string, unknown>): string => text(source['t']) || text(source['token']);

/** The id a page address names: `invoiceId`, or `subscriptionId` for a subscription's page. */
export const targetIdOf = (source: Record<string, unknown>): string => text(source['invoiceId']) || text(source['subscriptionId']);

/** The invoice or subscription a page pays, as it stands now; undefined when it is not paid on a page. */
export async function payableOf(deps: PaymentPagesDeps, kind: Payable['kind'], projectId: number, id: string): Promise<Payable | undefined> {
  if (kind === 'subscription') {
    const r = await deps.useCases.getSubscriptionStatus.execute({ projectId, by: { subscriptionId: id } });
    return r.ok ? fromSubscription(r.value) : undefined;
  }
  const r = await deps.useCases.getInvoice.execute({ projectId, invoiceId: id });
  return r.ok ? fromInvoice(r.value) : undefined;
}

/**
 * Opens the payment a link names (its id and its token `t`), from the query or a form: undefined
 * when the token is invalid, expired, or for another one, or what it names is not paid on a page.
 */
export async function openPayment(deps: PaymentPagesDeps, pages: JwtPaymentPages, source: Record<string, unknown>, id = targetIdOf(source)): Promise<OpenedPayment | undefined> {
  const token = tokenOf(source);
  if (!token || !id || token.length > 2048) return undefined;
  const opened = await pages.verify(token, id, deps.clock.now(), async (projectId, testClockId) => {
    const clock = await deps.useCases.testClocks.get({ projectId, testClockId });
    return clock.ok ? new Date(clock.value.frozenTime) : undefined;
  });
  if (!opened) return undefined;
  const [target, project] = await Promise.all([payableOf(deps, opened.kind, opened.projectId, id), deps.projects.findProject(opened.projectId)]);
  if (!target || !project) return undefined;
  return { target, project, token, methods: ['card', ...offeredMethods(project.paymentMethods)] };
}

/** An attempt's outcome as the page shows it (an invoice's transaction, or a subscription's first charge). */
export interface AttemptOutcome {
  readonly status: 'SUCCESS' | 'FAILED';
  readonly resultCode: number;
  readonly resultDescription: string;
}

/** The payer pays what the page is for, by `method`; ok(null) when there is nothing to pay. */
export async function pay(
  deps: PaymentPagesDeps,
  target: Payable,
  method: PagePaymentMethod,
  card: PaymentCard | undefined,
  context: RequestContext,
): Promise<Result<AttemptOutcome | null, DomainError>> {
  const withCard = card ? { card } : {};
  if (target.kind === 'subscription') return deps.useCases.paySubscriptionOnPage.execute({ projectId: target.projectId, subscriptionId: target.id, method, ...withCard }, context);
  return deps.useCases.payInvoiceOnPage.execute({ projectId: target.projectId, invoiceId: target.id, method, ...withCard }, context);
}

/** The query of a request as plain text values (repeated parameters: the first). */
export function queryOf(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}
