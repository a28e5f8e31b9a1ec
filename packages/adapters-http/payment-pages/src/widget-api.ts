import { moneyJson } from '@kassa-payments/http-kit';
import type { Request, Response } from 'express';
import QRCode from 'qrcode';
import { domainError, isMethodCode, isWallet, METHOD_CODES, PAYMENT_METHODS, type MethodCode } from '@kassa-payments/domain';
import { requestContextOf, sendData, sendError } from '@kassa-payments/http-kit';
import type { PaymentPagesDeps } from './pages-deps.js';
import type { JwtPaymentPages } from './jwt-payment-pages.js';
import { bankLink, qrImagePath, type Device } from './page-links.js';
import { openPayment, pay, payableOf, queryOf, type OpenedPayment } from './widget-session.js';

/** The widget script calls these from the merchant's page: any origin may read them (the token is the key). */
const cors = (res: Response) => res.set({ 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });

const invalidToken = (deps: PaymentPagesDeps, res: Response) => sendError(res, domainError('WIDGET_TOKEN_INVALID'), deps.mode);

/** The method of `?method=`: a code (`sbp`, a wallet) or a wallet's `_desktop`/`_mobile` form. */
function methodOf(raw: string | undefined): { method: MethodCode; device: Device } | undefined {
  const value = (raw ?? '').toLowerCase();
  if (isMethodCode(value)) return { method: value, device: 'desktop' };
  const form = /^([a-z]+)_(desktop|mobile)$/.exec(value);
  if (form && isWallet(form[1] as string)) return { method: form[1] as MethodCode, device: form[2] as Device };
  return undefined;
}

/** How the payer stands: the widget polls this every 5 seconds. */
export function statusView({ target, methods }: OpenedPayment) {
  return {
    ...(target.kind === 'invoice' ? { invoice_id: target.id } : { subscription_id: target.id }),
    status: target.status,
    payment_status: target.paymentStatus,
    state: target.state,
    failed_attempts: target.failedAttempts,
    ...(target.lastFailure ? { last_failure: { result_code: target.lastFailure.resultCode, result_description: target.lastFailure.resultDescription } } : {}),
    amount: moneyJson(target.price),
    methods,
  };
}

/** GET /Card/Sbp/status?invoiceId=&t= */
export function statusRoute(deps: PaymentPagesDeps, pages: JwtPaymentPages) {
  return async (req: Request, res: Response) => {
    cors(res);
    const payment = await openPayment(deps, pages, queryOf(req));
    if (!payment) return invalidToken(deps, res);
    sendData(res, statusView(payment));
  };
}

/**
 * GET /Card/Handlers/<invoice_id>/pay?method=<code>&t=<token>: what a client needs to continue a QR
 * or wallet payment (the QR payload and its image, a wallet's deep link) and, in the test
 * environment only, `sandbox_confirm_url`. Unknown code 400; invalid token 401; a method the project
 * does not offer 422.
 */
export function redirectRoute(deps: PaymentPagesDeps, pages: JwtPaymentPages) {
  return async (req: Request, res: Response) => {
    cors(res);
    const query = queryOf(req);
    const chosen = methodOf(query['method']);
    if (!chosen) return sendError(res, domainError('BAD_REQUEST', `method: one of ${METHOD_CODES.join(', ')}, or a wallet's ${PAYMENT_METHODS.filter((m) => m !== 'sbp').join(', ')}`), deps.mode);
    const payment = await openPayment(deps, pages, query, String(req.params['invoiceId']));
    if (!payment) return invalidToken(deps, res);
    if (!payment.methods.includes(chosen.method)) return sendError(res, domainError('INVALID_PAYMENT_METHOD', `The project does not offer ${chosen.method}`), deps.mode);
    const { method, device } = chosen;
    const params = { kind: payment.target.kind, invoiceId: payment.target.id, token: payment.token };
    const payload = bankLink(pages.widgetBase, params, method);
    const base = pages.widgetBase;
    const confirm = new URL(`/Card/Handlers/${encodeURIComponent(payment.target.id)}/sandbox-confirm`, base);
    confirm.searchParams.set('method', method);
    confirm.searchParams.set('t', payment.token);
    sendData(res, {
      invoice_id: payment.target.id,
      method,
      payment_method: method === 'sbp' ? 'sbp' : `${method}_${device}`,
      state: payment.target.state,
      ...(method === 'sbp' || device === 'desktop' ? { qr_payload: payload, qr_image_url: new URL(qrImagePath(payment.target.id, payment.token, method), base).toString() } : {}),
      ...(isWallet(method) ? { deep_link: payload } : {}),
      ...(deps.mode === 'test' ? { sandbox_confirm_url: confirm.toString() } : {}),
    });
  };
}

/** GET or POST /Card/Handlers/<invoice_id>/sandbox-confirm?method=&t= (test environment): the bank confirms; the invoice is paid. */
export function sandboxConfirmRoute(deps: PaymentPagesDeps, pages: JwtPaymentPages) {
  return async (req: Request, res: Response) => {
    cors(res);
    if (deps.mode !== 'test') return sendError(res, domainError('NOT_FOUND', 'No sandbox in production'), deps.mode);
    const query = queryOf(req);
    const chosen = methodOf(query['method']);
    if (!chosen) return sendError(res, domainError('BAD_REQUEST', 'method: sbp or a wallet code'), deps.mode);
    const payment = await openPayment(deps, pages, query, String(req.params['invoiceId']));
    if (!payment) return invalidToken(deps, res);
    const paid = await pay(deps, payment.target, chosen.method, undefined, requestContextOf(res, deps.traceparent));
    if (!paid.ok) return sendError(res, paid.error, deps.mode);
    // The target as the payment left it (the token and the project were checked above).
    const after = await payableOf(deps, payment.target.kind, payment.target.projectId, payment.target.id);
    sendData(res, {
      ...statusView(after ? { ...payment, target: after } : payment),
      ...(paid.value ? { transaction: { status: paid.value.status, result_code: paid.value.resultCode, result_description: paid.value.resultDescription } } : {}),
    });
  };
}

/** GET /Card/Handlers/<invoice_id>/qr.svg?method=&t=: the QR of the payment's bank link, as SVG. */
export function qrRoute(deps: PaymentPagesDeps, pages: JwtPaymentPages) {
  return async (req: Request, res: Response) => {
    const query = queryOf(req);
    const chosen = methodOf(query['method']);
    if (!chosen) return sendError(res, domainError('BAD_REQUEST', 'method: sbp or a wallet code'), deps.mode);
    const payment = await openPayment(deps, pages, query, String(req.params['invoiceId']));
    if (!payment) return invalidToken(deps, res);
    const link = bankLink(pages.widgetBase, { kind: payment.target.kind, invoiceId: payment.target.id, token: payment.token }, chosen.method);
    const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'L', margin: 4 });
    res.status(200).set({ 'Content-Type': 'image/svg+xml', 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' }).end(svg);
  };
}
