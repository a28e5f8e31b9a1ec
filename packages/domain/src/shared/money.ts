import { domainError, type DomainError } from './errors.js';
import { err, ok, type Result } from './result.js';

/** An amount of money: an integer count of minor units (kopecks, cents) and a currency. Never a float. */
export interface Money {
  readonly minor: number;
  readonly currency: string;
}

const AMOUNT = /^(0|[1-9][0-9]{0,12})\.([0-9]{2})$/;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * Parses the spec's amount form: digits, a dot, exactly two fraction digits ("10.00").
 * Rejects signs, exponents, one fraction digit, leading zeros and the empty string.
 */
export function parseMoney(amount: unknown, currency: unknown): Result<Money, DomainError<'BAD_REQUEST'>> {
  if (typeof amount !== 'string' || !AMOUNT.test(amount)) {
    return err(domainError('BAD_REQUEST', `amount must be a decimal string with two fraction digits, like "10.00"; got ${JSON.stringify(amount)}`));
  }
  if (typeof currency !== 'string' || !CURRENCY.test(currency)) {
    return err(domainError('BAD_REQUEST', `currency must be a three-letter code, like "RUB"; got ${JSON.stringify(currency)}`));
  }
  const [, units, cents] = AMOUNT.exec(amount) as unknown as [string, string, string];
  return ok({ minor: Number(units) * 100 + Number(cents), currency });
}

/** Prints the spec's form: "10.00". */
export function formatAmount(money: Money): string {
  const units = Math.trunc(money.minor / 100);
  const cents = money.minor % 100;
  return `${units}.${cents.toString().padStart(2, '0')}`;
}

export const money = (minor: number, currency: string): Money => {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`minor units must be a non-negative safe integer: ${minor}`);
  return { minor, currency };
};
