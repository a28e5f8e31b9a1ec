import type { Response } from 'express';

/** Who may frame a page: nobody (the dashboard's pages, the hosted payment page, its forms, the WAP and bank pages), or the origins of the widget's project. */
export type Framing = 'none' | readonly string[];

/**
 * The Content-Security-Policy of every page: nothing but its host's own files, no inline
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
