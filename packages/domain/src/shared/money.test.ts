import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseMoney } from './money.js';

describe('Money', () => {
  it('parses the spec form into integer minor units', () => {
    expect(parseMoney('10.00', 'RUB')).toEqual({ ok: true, value: { minor: 1000, currency: 'RUB' } });
    expect(parseMoney('0.01', 'RUB')).toEqual({ ok: true, value: { minor: 1, currency: 'RUB' } });
    expect(parseMoney('1234567.89', 'USD')).toEqual({ ok: true, value: { minor: 123456789, currency: 'USD' } });
  });

  it.each(['10.5', '-1.00', '1e3', '', '10', '10.000', '01.00', ' 1.00', '1,00', '+1.00', 'NaN'])('rejects %j with a clear error', (amount) => {
    const r = parseMoney(amount, 'RUB');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BAD_REQUEST');
      expect(r.error.message).toContain('two fraction digits');
    }
  });

  it('rejects non-strings and bad currencies', () => {
    expect(parseMoney(10, 'RUB').ok).toBe(false);
    expect(parseMoney('10.00', 'rub').ok).toBe(false);
    expect(parseMoney('10.00', undefined).ok).toBe(false);
  });

  test.prop([fc.integer({ min: 0, max: 10 ** 14 })])('prints and parses back any amount', (minor) => {
    const printed = formatAmount({ minor, currency: 'RUB' });
    expect(printed).toMatch(/^\d+\.\d{2}$/);
    expect(parseMoney(printed, 'RUB')).toEqual({ ok: true, value: { minor, currency: 'RUB' } });
  });
});
