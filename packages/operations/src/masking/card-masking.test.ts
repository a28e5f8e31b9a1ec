import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
// The domain's Luhn (its own test holds it to the schoolbook form) makes the valid card numbers here.
import { luhnValid } from '@kassa-payments/domain';
import { maskCardNumbers, maskEmail, maskIp, maskPan } from './card-masking.js';

/** A Luhn-valid card number of 13 to 19 digits (the check digit completes the body). */
const cardNumber = fc.integer({ min: 12, max: 18 }).chain((n) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((body) => {
    const head = body.join('');
    const check = [...'0123456789'].find((d) => luhnValid(head + d)) ?? '0';
    return head + check;
  }),
);

/** The number as people write it: together, in groups of four, with spaces or dashes. */
const written = fc.tuple(cardNumber, fc.constantFrom('', ' ', '-')).map(([pan, sep]) => ({ pan, text: sep ? (pan.match(/.{1,4}/g) ?? []).join(sep) : pan }));

describe('masking', () => {
  it('keeps only the last four digits of a card number', () => {
    expect(maskPan('4111111111111234')).toBe('************1234');
  });

  it('masks emails and IP addresses', () => {
    expect(maskEmail('anna@shop.example')).toBe('a***@shop.example');
    expect(maskEmail('nobody')).toBe('***');
    expect(maskIp('203.0.113.7')).toBe('203.0.*.*');
    expect(maskIp('2001:db8::1')).toBe('2001:db8:*');
  });
});

describe('maskCardNumbers', () => {
  it('masks card numbers written together, in groups, or followed by a security code', () => {
    expect(maskCardNumbers('pan 4111111111111111 ok')).toBe('pan ************1111 ok');
    expect(maskCardNumbers('4111 1111 1111 1111')).toBe('************1111');
    expect(maskCardNumbers('4111-1111-1111-1111/12')).toBe('************1111/12');
    expect(maskCardNumbers('card 4111 1111 1111 1111 123')).toBe('card ************1111 123');
    expect(maskCardNumbers('x4111111111111111y')).toBe('x************1111y');
  });

  it('leaves alone what is not a card number: too short, too long, or failing Luhn', () => {
    // The UUID's groups 513-8753436149 pass the Luhn check: an invoice id once came out masked.
    for (const text of [
      '411111111111',
      '41111111111111111111111',
      '4111111111111112',
      '2026-11-22T10:00:00Z',
      'order-1234',
      'ee54fe40-460f-401f-b513-8753436149bb',
      '"id":"ee54fe40-460f-401f-b513-8753436149bb"',
    ]) {
      expect(maskCardNumbers(text)).toBe(text);
    }
  });

  it("skips UUIDs (an invoice id), but not a card number in groups of a UUID's shape made of digits only", () => {
    expect(maskCardNumbers('id ee54fe40-460f-401f-b513-8753436149bb')).toBe('id ee54fe40-460f-401f-b513-8753436149bb');
    expect(maskCardNumbers('41111111-1111-1111-0000-000000000000')).not.toContain('4111111111111111');
  });

  it('in a JSON text looks only inside strings, so numbers (an epoch time) stay valid JSON', () => {
    const line = JSON.stringify({ time: 4111111111111111, msg: 'card 4111111111111111', nested: { a: '5555 5555 5555 4444' }, quote: 'a\\"4111111111111111' });
    const masked = maskCardNumbers(line, 'json-strings');
    expect(JSON.parse(masked)).toEqual({ time: 4111111111111111, msg: 'card ************1111', nested: { a: '************4444' }, quote: 'a\\"************1111' });
  });

  const noDigits = fc.string().map((s) => s.replace(/[0-9]/g, 'x'));
  test.prop([noDigits, written, noDigits])('a card number anywhere in a text keeps only its last four digits', (before, { pan, text }, after) => {
    // Digits right next to the number would make it another run: keep the number apart.
    const masked = maskCardNumbers(`${before} ${text} ${after}`);
    expect(masked.replace(/[ -]/g, '')).not.toContain(pan);
    expect(masked).toContain(`*${pan.slice(-4)}`);
  });

  test.prop([written])('in a JSON log line too', ({ pan, text }) => {
    const masked = maskCardNumbers(JSON.stringify({ level: 30, time: 1795000000000, body: { note: text } }), 'json-strings');
    expect(masked.replace(/[ -]/g, '')).not.toContain(pan);
    expect(JSON.parse(masked)).toMatchObject({ time: 1795000000000 });
  });
});
