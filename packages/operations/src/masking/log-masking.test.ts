import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { LOG_MASK_LIMITS, maskForLog } from './log-masking.js';

const json = (v: unknown): string | undefined => JSON.stringify(v);

/** `{"a":[[[...]]]}` nested `depth` deep, built without recursion. */
const nested = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < depth; i += 1) v = [v];
  return { a: v };
};

describe('maskForLog', () => {
  it('masks card data and secrets under any name and case', () => {
    const body = {
      PAN: '4111111111111111',
      number: 4111111111111111,
      card_number: '4111 1111 1111 1111',
      cvv2: '123',
      CVV: 456,
      Security_Code: '789',
      cvc: '000',
      pin_code: '1234',
      PinCode: '1234',
      Signature: 'abc',
      webhookSecret: 'w',
      password: 'p',
      authorization_token: 'jwt',
      cardholder: 'ANNA IVANOVA',
      note: 'card 5555-5555-5555-4444 exp 12/27',
    };
    expect({ ...(maskForLog(body) as object) }).toEqual({
      PAN: '************1111',
      number: '************1111',
      card_number: '************1111',
      cvv2: '[redacted]',
      CVV: '[redacted]',
      Security_Code: '[redacted]',
      cvc: '[redacted]',
      pin_code: '[redacted]',
      PinCode: '[redacted]',
      Signature: '[redacted]',
      webhookSecret: '[redacted]',
      password: '[redacted]',
      authorization_token: '[redacted]',
      cardholder: '[redacted]',
      note: 'card ************4444 exp 12/27',
    });
  });

  it('catches security codes and PINs under names built around them, not words that merely contain "pin"', () => {
    const masked = { ...(maskForLog({ card_cvv: '111', cvvCode: '222', cvc_code: '333', CCV: '444', sms_pin: '5555', shipping: 'by post', customer_email: 'anna@shop.example' }) as object) };
    expect(masked).toEqual({
      card_cvv: '[redacted]',
      cvvCode: '[redacted]',
      cvc_code: '[redacted]',
      CCV: '[redacted]',
      sms_pin: '[redacted]',
      shipping: 'by post',
      customer_email: 'a***@shop.example',
    });
  });

  it('masks a card number before cutting a long string, and any 13-19 digit integer (it may have lost its Luhn digit)', () => {
    const long = maskForLog({ note: `${'x'.repeat(244)}4111111111111111 and more` }) as { note: string };
    expect(long.note).not.toMatch(/\d{5}/);
    expect((maskForLog({ amount: Number('4111111111111111111') }) as { amount: unknown }).amount).toMatch(/^\*+\d{4}$/);
    expect((maskForLog({ count: 123456 }) as { count: unknown }).count).toBe(123456);
  });

  it('masks personal data: msisdn (last digits kept), email, client_ip', () => {
    const masked = maskForLog({ client_ip: '203.0.113.7', customer: { msisdn: '79001234567', email: 'anna@shop.example' }, Subscriber_MSISDN: '79001234567' });
    expect(json(masked)).toBe(json({ client_ip: '203.0.*.*', customer: { msisdn: '7900****567', email: 'a***@shop.example' }, Subscriber_MSISDN: '7900****567' }));
  });

  it('keeps a __proto__ key as an ordinary key and leaves prototypes alone', () => {
    const body = JSON.parse('{"__proto__":{"pan":"4111111111111111"},"constructor":{"prototype":1}}') as unknown;
    expect(json(maskForLog(body))).toBe('{"__proto__":{"pan":"************1111"},"constructor":{"prototype":1}}');
    expect(({} as Record<string, unknown>)['pan']).toBeUndefined();
  });

  it('cuts what is too deep, too long or too large', () => {
    expect(json(maskForLog(nested(2_700)))).toContain('"[too deep]"');
    const long = maskForLog({ s: 'x'.repeat(70_000) }) as { s: string };
    expect(long.s.length).toBe(LOG_MASK_LIMITS.maxStringChars + 1);
    const many = json(maskForLog(Array.from({ length: 30_000 }, (_, i) => ({ [`k${i}`]: [] })))) ?? '';
    expect(many.length).toBeLessThan(4 * LOG_MASK_LIMITS.maxChars);
    expect(many).toContain('more');
  });

  // Any JSON value at all, including ones nested far past the limit, is walked without throwing and
  // gives a small, serialisable copy.
  const deep = fc.integer({ min: 0, max: 5_000 }).map(nested);
  test.prop([fc.oneof(fc.jsonValue({ maxDepth: 12 }), deep, fc.anything({ maxDepth: 6, withObjectString: true, withNullPrototype: true }))])('any value: no throw, bounded depth and size', (value) => {
    const text = json(maskForLog(value)) ?? '';
    // Each character may become a six-character escape in JSON; keys and the last string may overrun.
    expect(text.length).toBeLessThan(6 * (LOG_MASK_LIMITS.maxChars + 4 * LOG_MASK_LIMITS.maxStringChars));
    // Depth of the parsed value (brackets inside strings, such as a key "[{", are not nesting).
    const depthOf = (v: unknown): number => (v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0);
    expect(depthOf(text === '' ? null : JSON.parse(text))).toBeLessThanOrEqual(LOG_MASK_LIMITS.maxDepth + 1);
  });

  it('in a log line or a recorded body: a field named …url or …Url, and a URL inside any other text', () => {
    const masked = maskForLog({ url: 'https://u:pw-1@shop.example/h?token=tok-9', callback_url: 'https://shop.example/cb?sig=abc', description: 'sent to https://shop.example/x?key=k-1' });
    expect(JSON.stringify(masked)).not.toMatch(/pw-1|tok-9|sig=abc|k-1/);
    expect(masked).toEqual({ url: 'https://***@shop.example/h?token=***', callback_url: 'https://shop.example/cb?sig=***', description: 'sent to https://shop.example/x?key=***' });
  });
});
