import { formatAmount, type Money } from '@kassa-payments/domain';

// The one money formatter of the HTTP delivery apps, over the domain's formatAmount (two fraction
// digits, a dot): the JSON object every answer, webhook and widget call carries, and the text pages show.

/** `{ amount: "10.00", currency: "RUB" }`, with `vat_included` when the price says. */
export const moneyJson = (m: Money, vatIncluded?: boolean) => ({ amount: formatAmount(m), currency: m.currency, ...(vatIncluded === undefined ? {} : { vat_included: vatIncluded }) });

/** `10.00 RUB`, as the pages and the dashboard show a price. */
export const moneyText = (m: Money): string => `${formatAmount(m)} ${m.currency}`;
