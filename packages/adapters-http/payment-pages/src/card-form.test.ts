import { describe, expect, it } from 'vitest';
import { readCardForm } from './card-form.js';

const now = new Date('2026-11-24T10:00:00Z');
const form = { card_number: '4111 1111 1111 1111', card_expiry: '12/30', card_security_code: '123' };
const fieldOf = (extra: Record<string, string>) => {
  const r = readCardForm({ ...form, ...extra }, now);
  return r.ok ? 'ok' : r.error.details?.['field'];
};

describe('readCardForm (the payment page card form)', () => {
  it('reads the card; names the wrong field, the cardholder of more than 128 characters included', () => {
    expect(readCardForm({ ...form, cardholder: ' ANNA PAYER ' }, now)).toEqual({
      ok: true,
      value: { pan: '4111111111111111', expirationMonth: 12, expirationYear: 2030, securityCode: '123', cardholder: 'ANNA PAYER' },
    });
    expect([fieldOf({ cardholder: 'x'.repeat(128) }), fieldOf({ cardholder: 'x'.repeat(129) }), fieldOf({ card_number: '12', cardholder: 'x'.repeat(129) })]).toEqual(['ok', 'cardholder', 'pan']);
  });
});
