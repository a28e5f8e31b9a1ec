import type { Response } from 'express';
import { formatAmount, type KassaMode, type Money, type Project } from '@kassa/domain';
import { TEXTS, type Lang, type Texts } from './widget-texts.js';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Path of the page's own stylesheet and script (served by the widget host; nothing else is loaded). */
export const ASSETS = { css: '/Card/Sbp/widget.css', js: '/Card/Sbp/page.js' } as const;

/** Hidden form fields carrying `values`, escaped. */
export const hiddenInputs = (values: Readonly<Record<string, string>>): string =>
  Object.entries(values)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
    .join('');

export const money = (m: Money) => `${formatAmount(m)} ${m.currency}`;

/** Who may frame a page: nobody (the hosted payment page, its forms, the WAP and bank pages), or the origins of the widget's project. */
export type Framing = 'none' | readonly string[];

/**
 * The origins that may frame the widget of `project`: its `widgetOrigins`; without them, any in the
 * test environment and none in production. `*` counts only in the test environment.
 */
export function widgetFraming(project: Pick<Project, 'widgetOrigins'>, mode: KassaMode): Framing {
  const origins = (project.widgetOrigins ?? (mode === 'test' ? ['*'] : [])).filter((o) => o !== '*' || mode === 'test');
  return origins.length > 0 ? origins : 'none';
}

/**
 * The Content-Security-Policy of every page: nothing but the widget host's own files, no inline
 * script or style, forms only to the host itself (and the shop's return address, where a card form's
 * answer redirects), framed by nobody unless it is the widget's frame (`framing`).
 */
export function contentSecurityPolicy(returnOrigin?: string, framing: Framing = 'none'): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    `form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}`,
    "base-uri 'none'",
    `frame-ancestors ${framing === 'none' ? "'none'" : framing.join(' ')}`,
  ].join('; ');
}

export interface PageFrame {
  readonly lang: Lang;
  readonly mode: KassaMode;
  readonly title: string;
  /** The invoice's amount and order, shown in the header. */
  readonly summary?: { readonly amount: Money; readonly merchantOrderId?: string };
  /** Links to the same page in each language. */
  readonly langLinks?: Readonly<Record<Lang, string>>;
  readonly embedded?: boolean;
  /** `data-*` attributes for page.js on <body> (polling, return address, storage of a started payment). */
  readonly data?: Readonly<Record<string, string>>;
}

/** A whole page: small, server-rendered, Russian or English, one stylesheet and one deferred script. */
export function pageHtml(frame: PageFrame, body: string): string {
  const t: Texts = TEXTS[frame.lang];
  const data = Object.entries(frame.data ?? {})
    .map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`)
    .join('');
  const summary = frame.summary
    ? `<p class="amount"><span class="label">${t.amount}:</span> <strong>${escapeHtml(money(frame.summary.amount))}</strong></p>${
        frame.summary.merchantOrderId ? `<p class="order">${t.order}: ${escapeHtml(frame.summary.merchantOrderId)}</p>` : ''
      }`
    : '';
  const langs = frame.langLinks
    ? `<nav class="langs" aria-label="${t.language}">${(['ru', 'en'] as const)
        .map((l) => (l === frame.lang ? `<span aria-current="true">${l.toUpperCase()}</span>` : `<a href="${escapeHtml(frame.langLinks?.[l] ?? '')}" lang="${l}">${l.toUpperCase()}</a>`))
        .join(' ')}</nav>`
    : '';
  const test = frame.mode === 'test' ? `<p class="test-env">${t.testEnv}</p>` : '';
  return `<!doctype html><html lang="${frame.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(frame.title)}</title><link rel="stylesheet" href="${ASSETS.css}"><script src="${ASSETS.js}" defer></script></head><body class="${frame.embedded ? 'embedded' : 'hosted'}"${data}><main class="sheet"><header>${langs}<h1>${escapeHtml(frame.title)}</h1>${summary}</header>${test}${body}</main></body></html>`;
}

/** Sends a page with its security headers; `framing` names who may frame it (default nobody, also by X-Frame-Options). */
export function sendPage(res: Response, status: number, html: string, options: { readonly returnOrigin?: string | undefined; readonly framing?: Framing } = {}): void {
  const framing = options.framing ?? 'none';
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': contentSecurityPolicy(options.returnOrigin, framing),
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      ...(framing === 'none' ? { 'X-Frame-Options': 'DENY' } : {}),
    })
    .end(html);
}

/**
 * Who may frame a page for `project`: the widget's origins when it is the widget's frame
 * (`embedded`), nobody otherwise: the hosted payment page and its forms are never framed.
 */
export const pageFraming = (project: Pick<Project, 'widgetOrigins'>, mode: KassaMode, embedded: boolean): Framing => (embedded ? widgetFraming(project, mode) : 'none');

/**
 * The invalid-link screen's framing. Its token names no project, so no project's origins are
 * known: in the test environment, where any origin may frame the widget, any page may show it in
 * the widget's frame (it names nothing and offers nothing to click); in production nobody.
 */
export const invalidLinkFraming = (embedded: boolean, mode: KassaMode): Framing => (embedded && mode === 'test' ? ['*'] : 'none');

/** The invalid-link screen (401): a token that is invalid, expired, or for another invoice. */
export function invalidLinkPage(lang: Lang, mode: KassaMode, embedded = false): string {
  const t = TEXTS[lang];
  return pageHtml({ lang, mode, title: t.invalidLink, embedded }, `<p class="notice" role="alert">${t.invalidLinkText}</p>`);
}
