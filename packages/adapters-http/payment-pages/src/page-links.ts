import { isMethodCode, isWallet, type PagePaymentMethod, type Project } from '@kassa-payments/domain';
import { targetParam } from './page-target.js';
import type { Payable } from './widget-session.js';
import type { Lang } from './widget-texts.js';

export type Device = 'desktop' | 'mobile';

/** What a payment-page address asks for: the method (the spec's selection parameters) and the device. */
export interface Selection {
  readonly method: PagePaymentMethod;
  readonly device: Device;
}

/** The page's own parameters, kept on every link between its screens. */
export interface PageParams {
  /** What the page is for; its id goes in `invoiceId` or `subscriptionId`. */
  readonly kind?: 'invoice' | 'subscription';
  readonly invoiceId: string;
  readonly token: string;
  readonly lang: Lang;
  readonly embedded: boolean;
  /** The widget's `methods` option: the methods to show, when all are available. */
  readonly methods?: readonly string[];
}

export const PAGE_PATH = '/Card/Sbp/widget.html';

/** A phone, by its User-Agent (the page's guess when the address names no deviceType). */
export const deviceOf = (userAgent: string | undefined): Device => (/Mobi|Android|iPhone|iPad/i.test(userAgent ?? '') ? 'mobile' : 'desktop');

/**
 * The method an address selects: `useSbp=true` (or the subscription page's `useSbpQr=True`) the QR;
 * `payType=<wallet>&deviceType=Desktop|Mobile` a wallet; `payType=card` the card form explicitly.
 */
export function selectionOf(query: Readonly<Record<string, string>>, userAgent: string | undefined): Selection | undefined {
  const device = query['deviceType']?.toLowerCase() === 'mobile' ? 'mobile' : query['deviceType']?.toLowerCase() === 'desktop' ? 'desktop' : deviceOf(userAgent);
  if (query['useSbp']?.toLowerCase() === 'true' || query['useSbpQr']?.toLowerCase() === 'true') return { method: 'sbp', device };
  const payType = query['payType']?.toLowerCase() ?? '';
  if (payType === 'card') return { method: 'card', device };
  if (isMethodCode(payType)) return { method: payType, device };
  return undefined;
}

/** A method's selection parameters (the spec's): `useSbp=true`, `payType=<wallet>&deviceType=..`, or `payType=card`. */
export function selectionParams(selection: Selection): Record<string, string> {
  if (selection.method === 'sbp') return { useSbp: 'true' };
  if (isWallet(selection.method)) return { payType: selection.method, deviceType: selection.device === 'mobile' ? 'Mobile' : 'Desktop' };
  return { payType: 'card' };
}

/** The address of a screen of the page: its parameters, and a method's selection parameters. */
export function pageLink(params: PageParams, selection?: Selection, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ [targetParam(params.kind)]: params.invoiceId, t: params.token, lang: params.lang });
  if (params.embedded) q.set('embedded', '1');
  if (params.methods?.length) q.set('methods', params.methods.join(','));
  for (const [k, v] of Object.entries({ ...(selection ? selectionParams(selection) : {}), ...extra })) q.set(k, v);
  return `${PAGE_PATH}?${q.toString()}`;
}

/**
 * The shop's return address with the spec's three parameters (`invoiceId`, `merchantOrderId`,
 * `success`; a subscription's page: `subscriptionId` and `success`), when the project has one.
 */
export function returnLink(project: Project, target: Pick<Payable, 'kind' | 'id' | 'merchantOrderId'>, success: boolean): string | undefined {
  if (!project.returnUrl) return undefined;
  try {
    const url = new URL(project.returnUrl);
    url.searchParams.set(targetParam(target.kind), target.id);
    if (target.merchantOrderId !== undefined) url.searchParams.set('merchantOrderId', target.merchantOrderId);
    url.searchParams.set('success', String(success));
    return url.toString();
  } catch {
    return undefined;
  }
}

export const returnOrigin = (project: Project): string | undefined => {
  try {
    return project.returnUrl ? new URL(project.returnUrl).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Where the payer's bank app is sent, as the QR payload or a wallet's deep link. Kassa ships no
 * fast-payment or wallet provider: the link opens the widget host's bank page, which in the test
 * environment is the bank-app imitation that confirms the payment (docs/decisions.md).
 */
export function bankLink(widgetBase: string, params: Pick<PageParams, 'kind' | 'invoiceId' | 'token'>, method: PagePaymentMethod): string {
  const url = new URL('/Card/Sbp/bank.html', widgetBase);
  url.searchParams.set(targetParam(params.kind), params.invoiceId);
  url.searchParams.set('t', params.token);
  url.searchParams.set('method', method);
  return url.toString();
}

/** The QR image of a method's payment (SVG, made by the widget host). */
export const qrImagePath = (invoiceId: string, token: string, method: PagePaymentMethod) =>
  `/Card/Handlers/${encodeURIComponent(invoiceId)}/qr.svg?${new URLSearchParams({ method, t: token }).toString()}`;
