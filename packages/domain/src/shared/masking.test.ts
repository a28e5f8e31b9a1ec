import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { cardLast4, luhnValid, maskMsisdn } from './masking.js';

/** Luhn written out again, the schoolbook way, for the properties. */
const luhnSchoolbook = (digits: string) =>
  [...digits]
    .reverse()
    .map(Number)
    .map((d, i) => (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d))
    .reduce((a, b) => a + b, 0) %
    10 ===
  0;

describe('masking', () => {
  it('hides the middle digits of an msisdn', () => {
    expect(maskMsisdn('79001234567')).toBe('7900****567');
    expect(maskMsisdn('12345678')).toBe('12****78');
    expect(maskMsisdn('123')).toBe('***');
  });

  it('keeps only the last four digits of a card number', () => {
    expect(cardLast4('4111111111111111')).toBe('1111');
  });

  test.prop([fc.stringMatching(/^[0-9]{1,25}$/)])('luhnValid agrees with the schoolbook algorithm', (digits) => {
    expect(luhnValid(digits)).toBe(luhnSchoolbook(digits));
  });
});
