import type { Response } from 'express';
import type { KassaMode, Project } from '@kassa/domain';

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
