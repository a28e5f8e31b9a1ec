import { jwtVerify, SignJWT } from 'jose';
import type { PaymentPageLink, PaymentPages } from '@kassa/domain';

/** The widget token lives 2 hours. */
export const WIDGET_TOKEN_SECONDS = 2 * 3600;

/**
 * Payment-page links on the widget host: `{widgetBase}/Card/Sbp/widget.html?invoiceId=..&t=<JWT>`.
 * The token is an HS256 JWT (jose) naming the invoice and project, valid 2 hours from issue.
 * Method selection is appended by the merchant (`&useSbp=true`, `&payType=..&deviceType=..`).
 */
export class JwtPaymentPages implements PaymentPages {
  private readonly key: Uint8Array;

  constructor(
    private readonly widgetBase: string,
    secret: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async linkFor(target: { readonly id: string; readonly projectId: number }, issuedAt: Date): Promise<PaymentPageLink> {
    const iat = Math.floor(issuedAt.getTime() / 1000);
    const token = await new SignJWT({ prj: target.projectId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(target.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + WIDGET_TOKEN_SECONDS)
      .sign(this.key);
    const url = new URL('/Card/Sbp/widget.html', this.widgetBase);
    url.searchParams.set('invoiceId', target.id);
    url.searchParams.set('t', token);
    return { url: url.toString(), token };
  }

  /** The invoice a token opens, or undefined when it is invalid, expired or for another invoice. */
  async verify(token: string, invoiceId: string, now: Date): Promise<{ invoiceId: string; projectId: number } | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      if (payload.sub !== invoiceId || typeof payload['prj'] !== 'number') return undefined;
      return { invoiceId, projectId: payload['prj'] };
    } catch {
      return undefined;
    }
  }
}
