import { describe, expect, it } from 'vitest';
import { toCustomer } from './requests.js';

describe('toCustomer', () => {
  it('keeps only the last four digits of a bound card: not the expiry, not the cardholder, not the security code', () => {
    const bound = toCustomer(
      {
        type: 'bank_card',
        source: 'shop',
        country: 'ru',
        merchant_customer_id: 'c-1',
        bank_card: { pan: '4276380012345678', expiration_month: 12, expiration_year: 2031, security_code: '739', cardholder: 'IVAN PETROV' },
      },
      true,
    );
    expect(bound.ok && bound.value.customer).toEqual({ type: 'bank_card', source: 'shop', merchantCustomerId: 'c-1', country: 'RU', card: { last4: '5678' } });
  });
});
