import type { Request, Response } from 'express';
import { ALTERNATE_OPERATOR_ID, type Project, type WapAction } from '@kassa-payments/domain';
import { callerIp, requestContextOf, sendPage } from '@kassa-payments/http-kit';
import type { PaymentPagesDeps } from './pages-deps.js';
import type { JwtPaymentPages } from './jwt-payment-pages.js';
import { returnOrigin } from './page-links.js';
import { h } from 'preact';
import { invalidLinkPage, noticePage, renderPage } from './page-frame.js';
import { DoneScreen } from './screens.js';
import { openPayment } from './widget-session.js';
import { langOf, TEXTS } from './widget-texts.js';

/**
 * The number the sandbox's operator "determines" for a WAP subscriber, as an operator does from the
 * network address the subscriber's phone comes from: 7900 and seven digits of an FNV-1a hash of the
 * address. One address is one subscriber: a second subscription from it meets `alreadyexist`.
 */
export function sandboxWapNumber(address: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < address.length; i += 1) hash = Math.imul(hash ^ address.charCodeAt(i), 0x01000193) >>> 0;
  return `7900${String(hash % 10_000_000).padStart(7, '0')}`;
}

/**
 * Whether a path has a `.` or `..` segment in any spelling: percent-encoded (`%2e%2E`), or encoded
 * again (`%252e`) for a server that decodes twice, or an encoded slash or backslash that would make
 * one. A segment that does not decode is refused too.
 */
export function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => {
    let text = segment;
    for (let round = 0; round < 4; round += 1) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(text);
      } catch {
        return true;
      }
      if (decoded === text) break;
      text = decoded;
    }
    // A path parameter (`..;x`) makes a dot segment of it on servlet containers: its part before `;` counts.
    const name = text.split(';')[0];
    return name === '.' || name === '..' || text.includes('/') || text.includes('\\');
  });
}

/**
 * Where a WAP subscriber goes back to: the project's return address, with `?ReturnUrl=` (a relative
 * path) appended, and the operator's result parameters: `subscriptionid`, `msisdn`, `action`; or,
 * for the alternate operator, `SubscriptionID` and `operation_status` (`ok`, or `noauth` when declined).
 */
export function wapReturnLink(project: Project, relative: string | undefined, outcome: { subscriptionId: string; msisdn: string; action: WapAction; operatorId: number }): string | undefined {
  if (!project.returnUrl) return undefined;
  try {
    const base = new URL(project.returnUrl);
    // Only a relative path may be appended: never another host, never a way up however it is written.
    if (relative && /^\/?[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(relative) && !relative.startsWith('//') && !hasDotSegment(relative)) {
      const under = base.pathname.replace(/\/+$/, '');
      base.pathname = `${under}/${relative.replace(/^\/+/, '')}`;
      // What the URL parser made of it must still lie under the project's path.
      if (!base.pathname.startsWith(`${under}/`)) base.pathname = under || '/';
    }
    const q = base.searchParams;
    // The alternate operator returns `SubscriptionID` and `operation_status` instead.
    if (outcome.operatorId === ALTERNATE_OPERATOR_ID) {
      q.set('SubscriptionID', outcome.subscriptionId);
      q.set('operation_status', outcome.action === 'cancelled' ? 'noauth' : 'ok');
    } else {
      q.set('subscriptionid', outcome.subscriptionId);
      q.set('msisdn', outcome.msisdn);
      q.set('action', outcome.action);
    }
    return base.toString();
  } catch {
    return undefined;
  }
}

/** POST /Card/Sbp/wap (test environment): the subscriber confirms or declines at the operator's gateway. */
export function wapConfirmation(deps: PaymentPagesDeps, pages: JwtPaymentPages) {
  return async (form: Record<string, string>, req: Request, res: Response): Promise<void> => {
    const lang = langOf(form['lang'], req.headers['accept-language']);
    const opened = await openPayment(deps, pages, form);
    const payment = opened?.target.activation === 'WAP' ? opened : undefined;
    const msisdn = form['msisdn'] ?? '';
    // The number is the one this subscriber's address gives: a form cannot name another.
    if (!payment || deps.mode !== 'test' || msisdn !== sandboxWapNumber(callerIp(req))) return sendPage(res, 401, invalidLinkPage(lang, deps.mode));
    const confirmed = await deps.useCases.confirmWapSubscription.execute(
      { projectId: payment.target.projectId, subscriptionId: payment.target.id, msisdn, confirmed: form['confirm'] === 'yes' },
      requestContextOf(res, deps.traceparent),
    );
    const t = TEXTS[lang];
    if (!confirmed.ok) return sendPage(res, 400, noticePage({ lang, mode: deps.mode, title: t.wapTitle }, confirmed.error.message));
    const { action, subscription } = confirmed.value;
    const back = wapReturnLink(payment.project, form['ReturnUrl'], { subscriptionId: subscription.id, msisdn, action, operatorId: subscription.operatorId });
    if (back) return void res.redirect(303, back);
    sendPage(res, 200, renderPage({ lang, mode: deps.mode, title: t.wapTitle }, h(DoneScreen, { text: action })), { returnOrigin: returnOrigin(payment.project) });
  };
}
