import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import type { PaymentPageLink, PaymentPages, PaymentPageTarget } from '@kassa-payments/domain';
import { targetParam } from './page-target.js';

/** The widget token lives 2 hours. */
export const WIDGET_TOKEN_SECONDS = 2 * 3600;

/**
 * Payment-page links on the widget host: `{widgetBase}/Card/Sbp/widget.html?invoiceId=..&t=<JWT>`
 * (`subscriptionId=` for a subscription). The token is an HS256 JWT (jose) naming the invoice or
 * subscription (`knd: 'sub'`) and the project, valid 2 hours from issue.
 * Method selection is appended by the merchant (`&useSbp=true`, `&payType=..&deviceType=..`).
 */
export class JwtPaymentPages implements PaymentPages {
  private readonly key: Uint8Array;

  constructor(
    readonly widgetBase: string,
    secret: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async linkFor(target: PaymentPageTarget, issuedAt: Date): Promise<PaymentPageLink> {
    const iat = Math.floor(issuedAt.getTime() / 1000);
    const subscription = target.kind === 'subscription';
    const token = await new SignJWT({ prj: target.projectId, ...(subscription ? { knd: 'sub' } : {}), ...(target.testClockId ? { clk: target.testClockId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(target.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + WIDGET_TOKEN_SECONDS)
      .sign(this.key);
    const url = new URL('/Card/Sbp/widget.html', this.widgetBase);
    url.searchParams.set(targetParam(target.kind), target.id);
    url.searchParams.set('t', token);
    return { url: url.toString(), token };
  }

  /** The invoice or subscription a token opens, or undefined when it is invalid, expired or for another one. */
  async verify(
    token: string,
    id: string,
    now: Date,
    /** The time of a test clock the token names (its `clk`, read before the signature is checked: it only picks the time to check against). */
    clockTime?: (projectId: number, testClockId: string) => Promise<Date | undefined>,
  ): Promise<{ id: string; projectId: number; kind: 'invoice' | 'subscription' } | undefined> {
    try {
      const claimed = clockTime ? decodeJwt(token) : undefined;
      const onClock = claimed && typeof claimed['clk'] === 'string' && typeof claimed['prj'] === 'number' ? await clockTime?.(claimed['prj'], claimed['clk']) : undefined;
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: onClock ?? now });
      if (payload.sub !== id || typeof payload['prj'] !== 'number') return undefined;
      return { id, projectId: payload['prj'], kind: payload['knd'] === 'sub' ? 'subscription' : 'invoice' };
    } catch {
      return undefined;
    }
  }
}
