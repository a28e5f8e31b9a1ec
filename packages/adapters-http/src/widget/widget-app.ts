import type { Express, Request, Response } from 'express';
import { invoicePaymentStatus, invoiceStatus } from '@kassa/domain';
import { baseApp, finishApp } from '../shared/base-app.js';
import type { HttpDeps } from '../shared/http-deps.js';
import type { JwtPaymentPages } from './jwt-payment-pages.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/** The method a payment-page URL asks for, from the spec's selection parameters. */
function chosenMethod(req: Request): string {
  if (req.query['useSbp'] === 'true') return 'sbp';
  const payType = req.query['payType'];
  const device = req.query['deviceType'];
  if (typeof payType === 'string' && (device === 'Desktop' || device === 'Mobile')) return `${payType}_${device.toLowerCase()}`;
  return 'card';
}

/**
 * The widget host ({widget_base}). For now: the link form of the payment page, which checks the
 * token (401 invalid-link screen otherwise) and shows the invoice and the chosen method. The
 * widget script, the redirect route and payment itself come with the widget issue.
 */
export function createWidgetApp(deps: HttpDeps, pages: JwtPaymentPages): Express {
  const app = baseApp(deps, 'widget');
  app.get('/Card/Sbp/widget.html', async (req: Request, res: Response) => {
    const invoiceId = typeof req.query['invoiceId'] === 'string' ? req.query['invoiceId'] : '';
    const raw = req.query['t'] ?? req.query['token'];
    const token = typeof raw === 'string' ? raw : '';
    const opened = await pages.verify(token, invoiceId, deps.clock.now());
    const invoice = opened && (await deps.useCases.getInvoice.execute({ projectId: opened.projectId, invoiceId }));
    if (!invoice?.ok) return void res.status(401).type('html').send(page('Invalid link', '<p>This payment link is invalid or has expired.</p>'));
    const i = invoice.value;
    res
      .type('html')
      .send(page('Payment', `<p>Invoice ${escapeHtml(i.id)}: ${escapeHtml(invoiceStatus(i))} / ${escapeHtml(invoicePaymentStatus(i))}</p><p>Method: ${escapeHtml(chosenMethod(req))}</p>`));
  });
  return finishApp(app, deps, 'widget');
}
