/** The spec's Limits table, and ours where it gives none (description, email). */
export const LIMITS = {
  merchantContractId: 64,
  merchantOrderId: 38,
  source: 64,
  merchantCustomerId: 128,
  name: 256,
  pinCode: 16,
  cardholder: 128,
  description: 1024,
  email: 256,
} as const;

/** Bank-app wallets of the widget and the redirect route (Kassa's names; the spec shows none). */
export const WALLETS = ['sberpay', 'tpay', 'mirpay'] as const;

/** The values of the deprecated `payment_method`: `sbp`, and each wallet's desktop and mobile form. */
export const PAYMENT_METHODS: readonly string[] = ['sbp', ...WALLETS.flatMap((w) => [`${w}_desktop`, `${w}_mobile`])];
