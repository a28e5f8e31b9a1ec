import { fail, type DomainError } from './errors.js';
import { ok, type Result } from './result.js';

/**
 * Payment methods of the widget and the redirect route: the fast payment system (`sbp`) and three
 * bank-app wallets (Kassa's names; the spec shows none). A wallet is chosen on a desktop (QR) or a
 * phone (bank list), hence the `<wallet>_desktop` and `<wallet>_mobile` values of `payment_method`.
 */
export const WALLETS = ['sberpay', 'tpay', 'mirpay'] as const;
export type Wallet = (typeof WALLETS)[number];

/** The method codes of the redirect route and of a project's `paymentMethods`. */
export const METHOD_CODES = ['sbp', ...WALLETS] as const;
export type MethodCode = (typeof METHOD_CODES)[number];

/** How a payer pays on the payment page: by card (always offered), or one of the project's method codes. */
export type PagePaymentMethod = 'card' | MethodCode;

/** The values of the deprecated `payment_method`: `sbp`, and each wallet's desktop and mobile form. */
export const PAYMENT_METHODS: readonly string[] = ['sbp', ...WALLETS.flatMap((w) => [`${w}_desktop`, `${w}_mobile`])];

export const isMethodCode = (value: string): value is MethodCode => (METHOD_CODES as readonly string[]).includes(value);
export const isWallet = (value: string): value is Wallet => (WALLETS as readonly string[]).includes(value);

/**
 * The method codes a project offers, from its `paymentMethods` setting: a code, or a wallet's
 * `_desktop`/`_mobile` form, enables that method; anything else is ignored. Order as the codes'.
 */
export function offeredMethods(paymentMethods: readonly string[]): MethodCode[] {
  const named = new Set(paymentMethods.map((m) => m.replace(/_(desktop|mobile)$/, '')));
  return METHOD_CODES.filter((code) => named.has(code));
}

/** The deprecated `payment_method` (XML `PaymentMethod`): accepted when known (no effect), INVALID_PAYMENT_METHOD otherwise. */
export function checkPaymentMethod(method: string | undefined): Result<void, DomainError<'INVALID_PAYMENT_METHOD'>> {
  if (method === undefined || PAYMENT_METHODS.includes(method)) return ok(undefined);
  return fail('INVALID_PAYMENT_METHOD', `Unknown payment method ${JSON.stringify(method.slice(0, 64))}; allowed: ${PAYMENT_METHODS.join(', ')}, or none for card`);
}
