import { moneyText } from '@kassa-payments/http-kit';
import express, { type NextFunction, type Request, type Response } from 'express';
import { isMethodCode, type DomainError } from '@kassa-payments/domain';
import { readCardForm } from './card-form.js';
import { requestContextOf, sendPage } from '@kassa-payments/http-kit';
import { invalidLinkFraming, pageFraming } from './page-framing.js';
import type { PaymentPagesDeps } from './pages-deps.js';
import type { JwtPaymentPages } from './jwt-payment-pages.js';
import { pageLink, returnLink, returnOrigin, type PageParams } from './page-links.js';
import { targetParam } from './page-target.js';
import { invalidLinkPage, renderPage } from './page-frame.js';
import { BankAppScreen, CardScreen, DoneScreen, RefusedScreen } from './screens.js';
import { openPayment, pay, type AttemptOutcome, type OpenedPayment } from './widget-session.js';
import { langOf, TEXTS, type Lang } from './widget-texts.js';
import { wapConfirmation } from './wap-gateway.js';

/** Paths of the page's forms: their bodies are forms (read here), never JSON, never logged. */
export const FORM_PATHS = ['/Card/Sbp/pay', '/Card/Sbp/simulate', '/Card/Sbp/wap'] as const;

// A card form is a few hundred bytes: flat fields only, few of them.
const readForm = express.urlencoded({ extended: false, limit: 8 * 1024, parameterLimit: 20 });

/** The form's fields as text (a repeated field: its first value); the body is dropped at once, so no log line can hold it. */
function formOf(req: Request): Record<string, string> {
  const body: unknown = req.body;
  req.body = undefined;
  const out: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return out;
  for (const [key, value] of Object.entries(body)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}

/** Reads a form body, then runs `handle` with its fields; a body that is not a form is read as none. */
const withForm = (handle: (form: Record<string, string>, req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) =>
  readForm(req, res, (err?: unknown) => {
    if (err) {
      req.body = undefined;
      return next(err);
    }
    handle(formOf(req), req, res).catch(next);
  });

interface FormContext {
  readonly payment: OpenedPayment;
  readonly params: PageParams;
  readonly lang: Lang;
}

async function open(deps: PaymentPagesDeps, pages: JwtPaymentPages, form: Record<string, string>, req: Request, res: Response): Promise<FormContext | undefined> {
  const lang = langOf(form['lang'], req.headers['accept-language']);
  const embedded = form['embedded'] === '1';
  const payment = await openPayment(deps, pages, form);
  if (!payment) {
    sendPage(res, 401, invalidLinkPage(lang, deps.mode, embedded), { framing: invalidLinkFraming(embedded, deps.mode) });
    return undefined;
  }
  return { payment, lang, params: { kind: payment.target.kind, invoiceId: payment.target.id, token: payment.token, lang, embedded } };
}

/**
 * After an attempt: a hosted page goes back to the shop (returnUrl with invoiceId, merchantOrderId
 * and success); the widget's frame, or a project without a return address, shows the page again
 * (paid, or the form with the decline). 303, so a reload never pays twice.
 */
function afterAttempt(res: Response, { payment, params }: FormContext, outcome: AttemptOutcome | null): void {
  const paid = outcome ? outcome.status === 'SUCCESS' : payment.target.state === 'paid';
  const back = outcome && !params.embedded ? returnLink(payment.project, payment.target, paid) : undefined;
  const declined: Record<string, string> = outcome && !paid ? { declined: String(outcome.resultCode) } : {};
  res.redirect(303, back ?? pageLink(params, outcome && !paid ? { method: 'card', device: 'desktop' } : undefined, declined));
}

/** A refused attempt (a method not offered, nothing to pay by this means): the reason, and the way back. */
function refused(deps: PaymentPagesDeps, res: Response, { lang, payment, params }: FormContext, error: Pick<DomainError, 'message'>): void {
  const t = TEXTS[lang];
  const page = renderPage({ lang, mode: deps.mode, title: t.title, embedded: params.embedded }, <RefusedScreen t={t} params={params} message={error.message} />);
  sendPage(res, 400, page, { returnOrigin: returnOrigin(payment.project), framing: pageFraming(payment.project, deps.mode, params.embedded) });
}

/** POST /Card/Sbp/pay: the card form. The card goes to the gateway for this charge only. */
export function cardPayment(deps: PaymentPagesDeps, pages: JwtPaymentPages) {
  return withForm(async (form, req, res) => {
    const context = await open(deps, pages, form, req, res);
    if (!context) return;
    const { payment, lang, params } = context;
    const card = readCardForm(form, deps.clock.now());
    if (!card.ok) {
      const t = TEXTS[lang];
      const fieldName = String(card.error.details?.['field'] ?? 'pan') as 'pan';
      const s = { payment, params, t, mode: deps.mode, widgetBase: pages.widgetBase };
      const html = renderPage(
        { lang, mode: deps.mode, title: t.title, summary: { amount: payment.target.price, merchantOrderId: payment.target.merchantOrderId }, embedded: params.embedded },
        <CardScreen s={s} state={{ notice: t.formError, errors: { [fieldName]: card.error.message } }} />,
      );
      return sendPage(res, 400, html, { returnOrigin: returnOrigin(payment.project), framing: pageFraming(payment.project, deps.mode, params.embedded) });
    }
    const paid = await pay(deps, payment.target, 'card', card.value, requestContextOf(res, deps.traceparent));
    if (!paid.ok) return refused(deps, res, context, paid.error);
    afterAttempt(res, context, paid.value);
  });
}

/**
 * POST /Card/Sbp/simulate (test environment): the simulate-payment button and the bank-app
 * imitation complete a QR or wallet payment; the outcome is the invoice's test_info.
 */
export function simulatedPayment(deps: PaymentPagesDeps, pages: JwtPaymentPages) {
  return withForm(async (form, req, res) => {
    const context = await open(deps, pages, form, req, res);
    if (!context) return;
    const method = form['method'] ?? '';
    if (deps.mode !== 'test' || !isMethodCode(method)) return refused(deps, res, context, { message: 'Not available' });
    const paid = await pay(deps, context.payment.target, method, undefined, requestContextOf(res, deps.traceparent));
    if (!paid.ok) return refused(deps, res, context, paid.error);
    if (form['from'] === 'bank') {
      // A bank app sends the payer back to the shop when it has a return address, as the page would.
      const { payment } = context;
      const back = returnLink(payment.project, payment.target, paid.value ? paid.value.status === 'SUCCESS' : payment.target.state === 'paid');
      if (back) return void res.redirect(303, back);
      const t = TEXTS[context.lang];
      return sendPage(res, 200, renderPage({ lang: context.lang, mode: deps.mode, title: t.bankApp }, <DoneScreen text={t.bankDone} />));
    }
    afterAttempt(res, context, paid.value);
  });
}

/** GET /Card/Sbp/bank.html: where a QR or a wallet link leads; in the test environment, the bank-app imitation. */
export function bankPage(deps: PaymentPagesDeps, pages: JwtPaymentPages) {
  return async (req: Request, res: Response) => {
    const query = Object.fromEntries(Object.entries(req.query).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const lang = langOf(query['lang'], req.headers['accept-language']);
    const payment = await openPayment(deps, pages, query);
    const method = query['method'] ?? '';
    if (!payment || !isMethodCode(method)) return sendPage(res, 401, invalidLinkPage(lang, deps.mode));
    const t = TEXTS[lang];
    const inputs = { [targetParam(payment.target.kind)]: payment.target.id, t: payment.token, lang, method, from: 'bank' };
    const body = deps.mode === 'test' ? <BankAppScreen t={t} method={method} amount={moneyText(payment.target.price)} inputs={inputs} /> : <p>{t.openBankApp}</p>;
    // After the confirmation the bank app returns the payer to the shop: the form may lead there.
    sendPage(res, 200, renderPage({ lang, mode: deps.mode, title: t.bankApp }, body), { returnOrigin: returnOrigin(payment.project) });
  };
}

/** POST /Card/Sbp/wap (test environment): the operator gateway imitation's confirm and decline buttons. */
export const wapForm = (deps: PaymentPagesDeps, pages: JwtPaymentPages) => withForm(wapConfirmation(deps, pages));
