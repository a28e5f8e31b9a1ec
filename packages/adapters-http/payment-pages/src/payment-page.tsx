import type { Request, Response } from 'express';
import type { PagePaymentMethod } from '@kassa-payments/domain';
import { deviceOf, pageLink, returnLink, returnOrigin, selectionOf, selectionParams, type PageParams, type Selection } from './page-links.js';
import { targetParam } from './page-target.js';
import { invalidLinkPage, renderPage } from './page-frame.js';
import { sendPage, callerIp } from '@kassa-payments/http-kit';
import { invalidLinkFraming, pageFraming } from './page-framing.js';
import type { PaymentPagesDeps } from './pages-deps.js';
import { BankListScreen, CardScreen, OtherMethods, QrScreen, ResultScreen, type Screen } from './screens.js';
import { openPayment, queryOf, type OpenedPayment } from './widget-session.js';
import { langOf, TEXTS, type Lang } from './widget-texts.js';
import type { JwtPaymentPages } from './jwt-payment-pages.js';
import { WapScreen } from './wap-screen.js';

/** The widget's `methods` option as the page shows it: all of them when one is not available. */
function shownMethods(payment: OpenedPayment, asked: string | undefined): { shown: readonly PagePaymentMethod[]; unavailable: boolean } {
  const wanted = (asked ?? '').split(',').filter(Boolean);
  if (wanted.length === 0) return { shown: payment.methods, unavailable: false };
  const known = payment.methods.filter((m) => wanted.includes(m));
  return known.length === wanted.length ? { shown: known, unavailable: false } : { shown: payment.methods, unavailable: true };
}

/** GET /Card/Sbp/widget.html?invoiceId=&t=&lang= (legacy `token=`): the payment page, and the widget's frame. */
export function paymentPage(deps: PaymentPagesDeps, pages: JwtPaymentPages) {
  return async (req: Request, res: Response) => {
    const query = queryOf(req);
    const lang: Lang = langOf(query['lang'], req.headers['accept-language']);
    const embedded = query['embedded'] === '1';
    const payment = await openPayment(deps, pages, query);
    if (!payment) return sendPage(res, 401, invalidLinkPage(lang, deps.mode, embedded), { framing: invalidLinkFraming(embedded, deps.mode) });
    const t = TEXTS[lang];
    // A WAP subscription's AuthorizeUrl is the operator's gateway (in the test environment, its imitation).
    if (payment.target.activation === 'WAP') {
      const page = renderPage(
        { lang, mode: deps.mode, title: t.wapTitle, summary: { amount: payment.target.price } },
        <WapScreen payment={payment} lang={lang} mode={deps.mode} query={query} address={callerIp(req)} />,
      );
      return sendPage(res, 200, page, { returnOrigin: returnOrigin(payment.project) });
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
      state !== 'open' ? (
        <ResultScreen s={s} paid={state === 'paid'} />
      ) : method === 'card' ? (
        <>
          <CardScreen s={s} state={{ notice: !offered ? t.unavailable : declined }} />
          <OtherMethods s={s} shown={shown} current="card" device={device} />
        </>
      ) : method === 'sbp' || device === 'desktop' ? (
        <>
          <QrScreen s={s} method={method} />
          <OtherMethods s={s} shown={shown} current={method} device={device} />
        </>
      ) : (
        <>
          <BankListScreen s={s} method={method} shown={shown} />
          <OtherMethods s={s} shown={(['card', 'sbp'] as const).filter((m) => shown.includes(m))} current={method} device={device} />
        </>
      );
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
      renderPage(
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
