import type { Express, NextFunction, Request, Response } from 'express';
import { baseApp, finishApp, clientErrorStatus, type DocumentRefusal, bodyErrorStatus, routedPath, sendPage } from '@kassa-payments/http-kit';
import type { PaymentPagesDeps } from './pages-deps.js';
import type { JwtPaymentPages } from './jwt-payment-pages.js';
import { bankPage, cardPayment, FORM_PATHS, simulatedPayment, wapForm } from './page-actions.js';
import { PAGE_PATH } from './page-links.js';
import { paymentPage } from './payment-page.js';
import { assetRoute } from './widget-assets.js';
import { noticePage } from './page-frame.js';
import { langOf, TEXTS } from './widget-texts.js';
import { qrRoute, redirectRoute, sandboxConfirmRoute, statusRoute } from './widget-api.js';

/** The paths that answer pages (errors too); everything else on this host answers the JSON envelope. */
export const PAGE_PATHS: readonly string[] = [PAGE_PATH, '/Card/Sbp/bank.html', ...FORM_PATHS];
/** Express routes ignore the path's case; so does the choice of a page answer. */
const PAGE_PATHS_LOWER = new Set(PAGE_PATHS.map((p) => p.toLowerCase()));

/** The pages' answers to requests Node's HTTP parser refused: a page too, not the envelope. */
export const widgetPageRefusals = (mode: PaymentPagesDeps['mode']): DocumentRefusal[] =>
  PAGE_PATHS.map((path) => ({
    path,
    contentType: 'text/html; charset=utf-8',
    refuse: (_status, message) => noticePage({ lang: 'ru', mode, title: TEXTS.ru.title }, message),
  }));

/** A page's request failed: a client error gets a page with its status, our failure a 503 page (logged). */
const pageErrors = (deps: PaymentPagesDeps) => (err: unknown, req: Request, res: Response, next: NextFunction) => {
  if (!PAGE_PATHS_LOWER.has(routedPath(req.path) ?? '') || res.headersSent) return next(err);
  const status = bodyErrorStatus(err)?.status ?? clientErrorStatus(err);
  const lang = langOf(undefined, req.headers['accept-language']);
  if (status === undefined) deps.logger.error({ err, method: req.method, path: req.path }, 'request failed');
  const t = TEXTS[lang];
  const message = status === undefined ? 'Service temporarily unavailable; please try again.' : 'The request could not be read.';
  if (status === undefined) res.set('Retry-After', '5');
  sendPage(res, status ?? 503, noticePage({ lang, mode: deps.mode, title: t.title }, message));
};

/**
 * The widget host ({widget_base}): the widget script, the payment page and its forms, the
 * redirect route, the status the widget polls, QR images and, in the test environment, the sandbox's
 * confirmation and bank-app imitation.
 */
export function createWidgetApp(deps: PaymentPagesDeps, pages: JwtPaymentPages): Express {
  // Pages take no JSON: their forms read their own bodies, and a body sent to a page is not read.
  const app = baseApp(deps, 'widget', PAGE_PATHS);
  const wrap = (handler: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => void handler(req, res).catch(next);
  app.get('/Card/Sbp/embed.js', assetRoute('embed.js'));
  app.get('/Card/Sbp/page.js', assetRoute('page.js'));
  app.get('/Card/Sbp/widget.css', assetRoute('widget.css'));
  app.get(PAGE_PATH, wrap(paymentPage(deps, pages)));
  app.get('/Card/Sbp/bank.html', wrap(bankPage(deps, pages)));
  app.post('/Card/Sbp/pay', cardPayment(deps, pages));
  app.post('/Card/Sbp/simulate', simulatedPayment(deps, pages));
  app.post('/Card/Sbp/wap', wapForm(deps, pages));
  app.get('/Card/Sbp/status', wrap(statusRoute(deps, pages)));
  app.get('/Card/Handlers/:invoiceId/pay', wrap(redirectRoute(deps, pages)));
  app.get('/Card/Handlers/:invoiceId/qr.svg', wrap(qrRoute(deps, pages)));
  app.get('/Card/Handlers/:invoiceId/sandbox-confirm', wrap(sandboxConfirmRoute(deps, pages)));
  app.post('/Card/Handlers/:invoiceId/sandbox-confirm', wrap(sandboxConfirmRoute(deps, pages)));
  app.use(pageErrors(deps));
  return finishApp(app, deps, 'widget');
}
