import fc from 'fast-check';
import { cardNumber, type FuzzBody } from './bodies.js';

/** An invoice the app gave out and its widget token, so that some page requests open a real payment. */
export type KnownPayment = readonly [invoiceId: string, token: string];

const TEST_CARDS = ['4111111111111111', '4000000000000002', '4000000000000069'];
const pan = fc.oneof(fc.constantFrom(...TEST_CARDS), cardNumber);
const written = (n: string) => fc.constantFrom(n, (n.match(/.{1,4}/g) ?? []).join(' '), (n.match(/.{1,4}/g) ?? []).join('-'));
const hostile = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('', '%ZZ', '&&&', '=', '\u0000', 'x'.repeat(3000), '<script>alert(1)</script>'));

const encode = (fields: readonly (readonly [string, string])[]) => fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** A WAP form's ReturnUrl with a way up, in the spellings that percent-encoding allows: each must stay under the project's return address. */
const DOT_SEGMENTS = fc.constantFrom('..', '../x', '%2e%2e/x', '%2E%2e%2fx', 'a/%2e%2e/%2e%2e/x', '%252e%252e/x', '.%2e/x', '%2e./x', 'a%2f..%2fb', '%2e%2e%5cx');

/**
 * The payment page's forms (the card form, the simulate button): the right fields for a real
 * payment or a made-up one, each possibly replaced by a hostile value. The card numbers they carry
 * must never reach a log line.
 */
export const nearlyRightForm = (known: readonly KnownPayment[]): fc.Arbitrary<FuzzBody> => {
  const payment =
    known.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.tuple(fc.uuid(), fc.string({ maxLength: 60 })) })
      : fc.tuple(fc.uuid(), fc.string({ maxLength: 60 }));
  return fc
    .tuple(
      payment,
      pan.chain((p) => fc.tuple(fc.constant(p), written(p))),
      fc.constantFrom('12/30', '1/2031', '13/30', '01/20', 'xx'),
      fc.constantFrom('123', '1234', '12', ''),
      fc.constantFrom('sbp', 'tpay', 'sberpay', 'mirpay', 'cash', ''),
      fc.constantFrom('ru', 'en', 'de'),
      fc.boolean(),
      fc.option(fc.oneof(fc.tuple(fc.constantFrom('invoiceId', 't', 'card_number', 'card_expiry', 'method', 'embedded', 'from'), hostile), fc.tuple(fc.constant('ReturnUrl'), DOT_SEGMENTS)), {
        freq: 3,
      }),
    )
    .map(([[invoiceId, token], [digits, typed], expiry, code, method, lang, embedded, broken]) => {
      const fields: [string, string][] = [
        ['invoiceId', invoiceId],
        ['t', token],
        ['lang', lang],
        ['embedded', embedded ? '1' : ''],
        ['card_number', typed],
        ['card_expiry', expiry],
        ['card_security_code', code],
        ['method', method],
      ];
      if (broken) fields.push([broken[0], broken[1]]);
      return { kind: 'form', content: encode(fields), cardNumbers: [digits] };
    });
};

/** Bodies a form endpoint must survive: repeated and bracketed keys, too many fields, too large, bytes. */
export const hostileForm: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.integer({ min: 21, max: 400 }).map((n): FuzzBody => ({ kind: 'form-many-fields', content: Array.from({ length: n }, (_, i) => `f${i}=${i}`).join('&'), cardNumbers: [] })),
  fc.integer({ min: 9_000, max: 70_000 }).map((n): FuzzBody => ({ kind: 'form-huge', content: `card_number=${'4'.repeat(n)}`, cardNumbers: [] })),
  fc
    .constantFrom('a[b][c]=1&a[b][d]=2', 't=a&t=b&t=c&invoiceId[]=x', '%ZZ=%ZZ', '&&&==', '__proto__[x]=1&constructor[prototype][y]=2')
    .map((content): FuzzBody => ({ kind: 'form-shapes', content, cardNumbers: [] })),
  fc.uint8Array({ maxLength: 300 }).map((bytes): FuzzBody => ({ kind: 'form-bytes', content: Buffer.from(bytes), cardNumbers: [] })),
);

/**
 * The dashboard's webhook endpoint forms (create, settings, status, rotation, deletion): each field
 * right, wrong or absent, the event types repeated as ticked checkboxes send them (sometimes more
 * than the form parser's 20 fields).
 */
export const endpointFormFields: fc.Arbitrary<[string, string][]> = fc
  .tuple(
    fc.option(fc.oneof(fc.constantFrom('https://fuzz.example/hooks', 'http://127.0.0.1:9/x', 'ftp://fuzz.example/x', `https://fuzz.example/${'x'.repeat(2100)}`, ' '), hostile), { nil: undefined }),
    fc.array(fc.oneof(fc.constantFrom('*', 'payment.updated', 'refund.completed', 'webhook_endpoint.disabled', 'subscription.charged', 'nope'), fc.string({ maxLength: 20 })), { maxLength: 12 }),
    fc.option(fc.oneof(fc.string({ maxLength: 60 }), fc.constant('d'.repeat(1100)), hostile), { nil: undefined }),
    fc.option(fc.oneof(fc.constantFrom('0', '24', '168', '169', '-1', 'soon', '1.5', '1e2', ''), fc.string({ maxLength: 10 })), { nil: undefined }),
    fc.option(fc.constantFrom('enabled', 'disabled', 'paused', ''), { nil: undefined }),
    fc.option(fc.constantFrom('yes', 'no', ''), { nil: undefined }),
  )
  .map(([url, types, description, hours, status, confirm]) => {
    const fields: [string, string][] = types.map((type): [string, string] => ['event_types', type]);
    for (const [name, value] of [
      ['url', url],
      ['description', description],
      ['expires_in_hours', hours],
      ['status', status],
      ['confirm', confirm],
    ] as const) {
      if (value !== undefined) fields.push([name, value]);
    }
    return fields;
  });

export const formContentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=utf-8') },
  { weight: 1, arbitrary: fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', '', 'application/x-www-form-urlencoded; charset=utf-16') },
);
