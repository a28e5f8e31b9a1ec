import type { Request, Response } from 'express';
import type { KassaMode, PagePaymentMethod } from '@kassa/domain';
import { LIMITS } from '@kassa/protocol';
import { bankLink, deviceOf, pageLink, qrImagePath, returnLink, returnOrigin, selectionOf, selectionParams, type PageParams, type Selection } from './page-links.js';
import { targetParam } from './page-target.js';
import { escapeHtml, hiddenInputs, invalidLinkFraming, invalidLinkPage, money, pageFraming, pageHtml, sendPage } from './widget-html.js';
import { openPayment, queryOf, type OpenedPayment } from './widget-session.js';
import { langOf, TEXTS, type Lang, type Texts } from './widget-texts.js';
import type { HttpDeps } from '../shared/http-deps.js';
import type { JwtPaymentPages } from './jwt-payment-pages.js';
import { wapScreen } from './wap-gateway.js';
import { callerIp } from '../shared/caller-ip.js';

const METHOD_NAME: Record<PagePaymentMethod, keyof Texts> = { card: 'methodCard', sbp: 'methodSbp', sberpay: 'methodSberpay', tpay: 'methodTpay', mirpay: 'methodMirpay' };
export const methodName = (t: Texts, m: PagePaymentMethod) => t[METHOD_NAME[m]];

/** A form error to show beside a card field (the card number is never written back into the page). */
export interface CardFormState {
  readonly errors?: Partial<Record<'pan' | 'expiry' | 'securityCode' | 'cardholder', string>>;
  readonly notice?: string;
}

interface Screen {
  readonly payment: OpenedPayment;
  readonly params: PageParams;
  readonly t: Texts;
  readonly mode: KassaMode;
  readonly widgetBase: string;
}

function otherMethods(s: Screen, shown: readonly PagePaymentMethod[], current: PagePaymentMethod | undefined, device: Selection['device']): string {
  const links = shown
    .filter((m) => m !== current)
    .map((m) => `<li><a class="method method-${m}" href="${escapeHtml(pageLink(s.params, { method: m, device }))}">${methodName(s.t, m)}</a></li>`)
    .join('');
  return links ? `<nav class="methods" aria-label="${s.t.otherMethods}"><h2>${s.t.otherMethods}</h2><ul>${links}</ul></nav>` : '';
}

const hidden = (s: Screen, extra: Record<string, string> = {}) =>
  hiddenInputs({ [targetParam(s.params.kind)]: s.params.invoiceId, t: s.params.token, lang: s.params.lang, embedded: s.params.embedded ? '1' : '', ...extra });

function field(id: string, name: string, label: string, attrs: string, error: string | undefined): string {
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}" ${attrs}${described}>${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

/** The bank card form (the page's default screen). */
export function cardScreen(s: Screen, state: CardFormState = {}): string {
  const { t } = s;
  const e = state.errors ?? {};
  const notice = state.notice ? `<p class="notice" role="alert">${escapeHtml(state.notice)}</p>` : '';
  const tests = s.mode === 'test' ? `<p class="hint">${t.testCards}</p>` : '';
  return `<section aria-labelledby="card-title"><h2 id="card-title">${t.payByCard}</h2>${notice}${tests}<form class="card-form" method="post" action="/Card/Sbp/pay" novalidate>${hidden(s)}${field(
    'card-number',
    'card_number',
    t.cardNumber,
    'inputmode="numeric" autocomplete="cc-number" maxlength="23" required',
    e.pan,
  )}<div class="row">${field('card-expiry', 'card_expiry', t.expiry, 'autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" required', e.expiry)}${field(
    'card-code',
    'card_security_code',
    t.securityCode,
    'type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required',
    e.securityCode,
  )}</div>${field('card-holder', 'cardholder', t.cardholder, `autocomplete="cc-name" maxlength="${LIMITS.cardholder}"`, e.cardholder)}<button type="submit">${t.pay} ${escapeHtml(
    money(s.payment.target.price),
  )}</button></form></section>`;
}

/** The test environment's way to complete a QR or wallet payment without a bank. */
const simulateForm = (s: Screen, method: PagePaymentMethod) =>
  s.mode === 'test'
    ? `<form class="simulate" method="post" action="/Card/Sbp/simulate">${hidden(s, { method })}<button type="submit" class="secondary">${s.t.simulate}</button></form><p><a href="${escapeHtml(
        bankLink(s.widgetBase, s.params, method),
      )}" target="_blank" rel="noopener">${s.t.bankApp}</a></p>`
    : '';

/** The fast-payment QR, or a wallet's QR on a desktop. */
function qrScreen(s: Screen, method: PagePaymentMethod): string {
  const { t } = s;
  return `<section aria-labelledby="qr-title"><h2 id="qr-title">${methodName(t, method)}</h2><p>${t.scanQr}</p><img class="qr" src="${escapeHtml(
    qrImagePath(s.params.invoiceId, s.params.token, method),
  )}" alt="${t.qrAlt}" width="240" height="240"><p class="status" role="status" aria-live="polite">${t.waiting}</p>${simulateForm(s, method)}</section>`;
}

/** A wallet on a phone: the bank apps to open. */
function bankListScreen(s: Screen, method: PagePaymentMethod, shown: readonly PagePaymentMethod[]): string {
  const { t } = s;
  const apps = [method, ...shown.filter((m) => m !== method && m !== 'card' && m !== 'sbp')];
  // The bank's app is another party's page: from the widget's frame it opens on its own, never inside the shop's frame.
  const target = s.params.embedded ? ' target="_blank" rel="noopener"' : '';
  const list = apps.map((m) => `<li><a class="bank bank-${m}" href="${escapeHtml(bankLink(s.widgetBase, s.params, m))}"${target}>${methodName(t, m)}</a></li>`).join('');
  return `<section aria-labelledby="bank-title"><h2 id="bank-title">${t.chooseBank}</h2><ul class="banks">${list}</ul><p class="status" role="status" aria-live="polite">${t.waiting}</p>${simulateForm(s, method)}</section>`;
}

function resultScreen(s: Screen, paid: boolean): string {
  const { t, payment } = s;
  const back = returnLink(payment.project, payment.target, paid);
  const link = back && !s.params.embedded ? `<p><a class="button" href="${escapeHtml(back)}">${t.returnToShop}</a></p>` : '';
  return paid
    ? `<section class="result paid" role="status"><h2>${t.paid}</h2><p>${t.paidText}</p>${link}</section>`
    : `<section class="result expired" role="status"><h2>${t.expired}</h2><p>${t.expiredText}</p>${link}</section>`;
}

/** The widget's `methods` option as the page shows it: all of them when one is not available. */
function shownMethods(payment: OpenedPayment, asked: string | undefined): { shown: readonly PagePaymentMethod[]; unavailable: boolean } {
  const wanted = (asked ?? '').split(',').filter(Boolean);
  if (wanted.length === 0) return { shown: payment.methods, unavailable: false };
  const known = payment.methods.filter((m) => wanted.includes(m));
  return known.length === wanted.length ? { shown: known, unavailable: false } : { shown: payment.methods, unavailable: true };
}

/** GET /Card/Sbp/widget.html?invoiceId=&t=&lang= (legacy `token=`): the payment page, and the widget's frame. */
export function paymentPage(deps: HttpDeps, pages: JwtPaymentPages) {
  return async (req: Request, res: Response) => {
    const query = queryOf(req);
    const lang: Lang = langOf(query['lang'], req.headers['accept-language']);
    const embedded = query['embedded'] === '1';
    const payment = await openPayment(deps, pages, query);
    if (!payment) return sendPage(res, 401, invalidLinkPage(lang, deps.mode, embedded), { framing: invalidLinkFraming(embedded, deps.mode) });
    const t = TEXTS[lang];
    // A WAP subscription's AuthorizeUrl is the operator's gateway (in the test environment, its imitation).
    if (payment.target.activation === 'WAP') {
      return sendPage(res, 200, pageHtml({ lang, mode: deps.mode, title: t.wapTitle, summary: { amount: payment.target.price } }, wapScreen(payment, lang, deps.mode, query, callerIp(req))), {
        returnOrigin: returnOrigin(payment.project),
      });
    }
    const { shown, unavailable } = shownMethods(payment, query['methods']);
    const params: PageParams = { kind: payment.target.kind, invoiceId: payment.target.id, token: payment.token, lang, embedded, ...(query['methods'] && !unavailable ? { methods: shown } : {}) };
    const s: Screen = { payment, params, t, mode: deps.mode, widgetBase: pages.widgetBase };
    const asked = selectionOf(query, req.headers['user-agent']);
    const device = asked?.device ?? deviceOf(req.headers['user-agent']);
    const selection: Selection = asked ?? { method: shown.includes('card') ? 'card' : (shown[0] ?? 'card'), device };
    const offered = payment.methods.includes(selection.method);
    const method = offered ? selection.method : 'card';
    const state = payment.target.state;
    const declined = query['declined'] ? `${t.declinedText} (${query['declined'].slice(0, 8)}).` : undefined;
    const body =
      state !== 'open'
        ? resultScreen(s, state === 'paid')
        : method === 'card'
          ? cardScreen(s, { ...(!offered ? { notice: t.unavailable } : declined ? { notice: declined } : {}) }) + otherMethods(s, shown, 'card', device)
          : method === 'sbp' || device === 'desktop'
            ? qrScreen(s, method) + otherMethods(s, shown, method, device)
            : bankListScreen(s, method, shown) + otherMethods(s, ['card', 'sbp'].filter((m) => shown.includes(m as PagePaymentMethod)) as PagePaymentMethod[], method, device);
    const success = returnLink(payment.project, payment.target, true);
    const failure = returnLink(payment.project, payment.target, false);
    const data: Record<string, string> = {
      invoice: payment.target.id,
      status: `/Card/Sbp/status?${new URLSearchParams({ [targetParam(payment.target.kind)]: payment.target.id, t: payment.token }).toString()}`,
      state,
      // A QR or wallet payment under way: page.js keeps its address (and tells the widget around it
      // its selection), so that a reload reopens it.
      ...(state === 'open' && method !== 'card' ? { started: pageLink(params, { method, device }), selection: new URLSearchParams(selectionParams({ method, device })).toString() } : {}),
      ...(asked ? { chosen: '1' } : {}),
      ...(!embedded && success && failure ? { 'return-success': success, 'return-failure': failure } : {}),
    };
    const langLinks = { ru: pageLink({ ...params, lang: 'ru' }, asked), en: pageLink({ ...params, lang: 'en' }, asked) };
    sendPage(
      res,
      200,
      pageHtml(
        {
          lang,
          mode: deps.mode,
          title: t.title,
          summary: { amount: payment.target.price, ...(payment.target.merchantOrderId ? { merchantOrderId: payment.target.merchantOrderId } : {}) },
          langLinks,
          embedded,
          data,
        },
        body,
      ),
      { returnOrigin: returnOrigin(payment.project), framing: pageFraming(payment.project, deps.mode, embedded) },
    );
  };
}
