import { describe, expect, it } from 'vitest';
import { cardLast4, maskMsisdn, maskPan } from './masking.js';

describe('masking', () => {
  it('hides the middle digits of an msisdn', () => {
    expect(maskMsisdn('79001234567')).toBe('7900****567');
    expect(maskMsisdn('12345678')).toBe('12****78');
    expect(maskMsisdn('123')).toBe('***');
  });

  it('keeps only the last four digits of a card number', () => {
    expect(cardLast4('4111111111111111')).toBe('1111');
    expect(maskPan('4111111111111234')).toBe('************1234');
  });
});
