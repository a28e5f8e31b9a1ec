import fc from 'fast-check';

/** Callback URLs into private networks, in the spellings an attacker tries: each must be refused (400), never called. */
export const PRIVATE_CALLBACK_URLS = [
  'http://127.0.0.1/',
  'http://localhost:8080/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/',
  'http://[fd00::1]/',
  'http://0/',
] as const;
const PRIVATE_TARGETS = fc.constantFrom(...PRIVATE_CALLBACK_URLS);
/**
 * Webhook endpoint URLs the fuzzer names: this machine's discard port only (the fuzzed Kassa, on
 * loopback, allows private networks: its deliveries must never leave the machine), and malformed ones.
 */
const ENDPOINT_URLS = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('http://127.0.0.1:9/hooks', 'https://[::1]:9/k', 'http://localhost:9/', 'http://127.1:9/x') },
  { weight: 1, arbitrary: fc.constantFrom('ftp://127.0.0.1/', 'http://user:pass@127.0.0.1/', 'javascript:alert(1)', 'http://', `http://127.0.0.1/${'a'.repeat(3_000)}`, 'file:///etc/passwd') },
);
/** Event types an endpoint takes: right ones, `*`, and near misses. */
const ENDPOINT_TYPES = fc.array(fc.constantFrom('*', 'payment.updated', 'contract.authorized', 'refund.completed', 'webhook_endpoint.disabled', 'subscription.charged', 'Payment.Updated', ''), {
  maxLength: 40,
});

/** Callback URLs written as addresses, so that the fuzzer makes Kassa resolve no name (any of them may be private: refused). */
const ADDRESS_TARGETS = fc.ipV4().map((ip) => `http://${ip}/callback`);

/** A request body the fuzzer sends, and the card numbers in it (which no log line may carry). */
export interface FuzzBody {
  readonly kind: string;
  readonly content: string | Buffer;
  readonly cardNumbers: readonly string[];
}

const luhnCheckDigit = (body: string) => {
  let sum = 0;
  for (let i = body.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    const d = Number(body[i]);
    sum += double ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d;
  }
  return String((10 - (sum % 10)) % 10);
};

/** A Luhn-valid card number of 13 to 19 digits. */
export const cardNumber = fc
  .integer({ min: 12, max: 18 })
  .chain((n) => fc.stringMatching(new RegExp(`^[1-9][0-9]{${n - 1}}$`)))
  .map((body) => body + luhnCheckDigit(body));

/** A card number as people write it: together, in fours with spaces or dashes, or as a JSON number. */
const writtenCard = (pan: string) => fc.constantFrom<unknown>(pan, (pan.match(/.{1,4}/g) ?? []).join(' '), (pan.match(/.{1,4}/g) ?? []).join('-'), pan.length <= 15 ? Number(pan) : pan);

/** Names a card number may come under, expected or not. */
const CARD_KEYS = ['pan', 'PAN', 'number', 'card_number', 'cardNumber', 'ccnum', 'Pan', 'x', 'description'];
const CODE_KEYS = ['security_code', 'cvv', 'CVV', 'cvv2', 'cvc', 'Security_Code', 'CVC2', 'card_cvv', 'cvvCode', 'cvc_code', 'CCV', 'sms_pin'];

/** Values that break naive code: wrong types, boundaries, encodings, injections. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '0', '-1', '1e309', '99999999999999999999', '10.00', '10.5', 'NaN', '<x/>', '%ZZ', '../../etc/passwd', '\u0000', '\u202e', '__proto__', '{"$gt":""}'),
  fc.integer({ min: 257, max: 5_000 }).map((n) => 'x'.repeat(n)),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 }),
);

/** Mostly a right value, sometimes a hostile one: most bodies get past validation into the use cases. */
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: good }, { weight: 1, arbitrary: hostileValue });

/** Bodies shaped like the JSON v3 API's requests, each field right or hostile, present or not. */
const sparseBody: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    client_ip: maybe(fc.oneof(fc.constant('203.0.113.7'), fc.ipV4(), fc.ipV6())),
    customer: maybe(
      fc.record(
        {
          type: maybe(fc.constantFrom('mobile_phone', 'undefined_bank_card', 'bank_card')),
          msisdn: maybe(fc.stringMatching(/^79[0-9]{9}$/)),
          email: maybe(fc.emailAddress()),
          country: maybe(fc.constantFrom('RU', 'ru', 'US')),
          source: maybe(fc.string({ minLength: 1, maxLength: 64 })),
          merchant_customer_id: maybe(fc.string({ minLength: 1, maxLength: 128 })),
          bank_card: maybe(
            fc.record({ expiration_month: maybe(fc.integer({ min: 1, max: 12 })), expiration_year: maybe(fc.constantFrom(2031, '31')), cardholder: maybe(fc.string()) }, { requiredKeys: [] }),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
    order: maybe(
      fc.record(
        {
          merchant_order_id: maybe(fc.string({ minLength: 1, maxLength: 38 })),
          price: maybe(fc.record({ amount: maybe(fc.constantFrom('10.00', '0.01', '99999999.99')), currency: maybe(fc.constantFrom('RUB', 'USD')) }, { requiredKeys: [] })),
          description: maybe(fc.string()),
        },
        { requiredKeys: [] },
      ),
    ),
    contract: maybe(fc.record({ merchant_contract_id: maybe(fc.string({ minLength: 1, maxLength: 64 })), create_if_not_exists: maybe(fc.boolean()) }, { requiredKeys: [] })),
    merchant_contract_id: maybe(fc.string({ minLength: 1, maxLength: 64 })),
    pin_code: maybe(fc.constantFrom('1234', '0000', '12345678901234567')),
    msisdn: maybe(fc.stringMatching(/^79[0-9]{9}$/)),
    payment_method: maybe(fc.constantFrom('sbp', 'tpay_mobile', 'card')),
    test_info: maybe(
      fc.record(
        {
          expected_billing_result: maybe(fc.constantFrom('SuccessSequencePayment', 'FailedSequencePayment')),
          callback_url: maybe(fc.oneof(ADDRESS_TARGETS, PRIVATE_TARGETS)),
          test_clock_id: maybe(fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }))),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);

const msisdn = fc.stringMatching(/^79[0-9]{9}$/);
const orderId = fc.stringMatching(/^[A-Za-z0-9-]{1,38}$/);
const mobileCustomer = fc.record({ type: fc.constant('mobile_phone'), msisdn }, { requiredKeys: ['type', 'msisdn'] });
const cardCustomer = fc.record({
  type: fc.constant('undefined_bank_card'),
  source: fc.constantFrom('shop', 'app'),
  country: fc.constant('RU'),
  merchant_customer_id: fc.stringMatching(/^[a-z0-9]{1,20}$/),
});

/** Right bodies of every JSON v3 operation at once (each route reads its own fields): they reach the use cases. */
const rightBody: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    client_ip: fc.constant('203.0.113.7'),
    customer: fc.oneof({ weight: 3, arbitrary: mobileCustomer }, { weight: 1, arbitrary: cardCustomer }),
    order: fc.record({ merchant_order_id: orderId, price: fc.constant({ amount: '10.00', currency: 'RUB' }) }, { requiredKeys: ['merchant_order_id'] }),
    contract: fc.record({ merchant_contract_id: orderId, create_if_not_exists: fc.boolean() }),
    merchant_contract_id: orderId,
    pin_code: fc.constantFrom('1234', '1234', '0000'),
    msisdn,
    test_info: fc.record({ expected_billing_result: fc.constantFrom('SuccessSequencePayment', 'FailedSequencePayment') }),
    // A test clock's time (POST test_clocks and its advance), within and around what is taken.
    frozen_time: fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2300-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().replace('.000Z', 'Z')),
    name: fc.string({ maxLength: 20 }),
    // Webhook endpoints (POST webhook_endpoints, its PATCH and rotate_secret).
    url: ENDPOINT_URLS,
    event_types: ENDPOINT_TYPES,
    description: fc.option(fc.string({ maxLength: 40 })),
    status: fc.constantFrom('enabled', 'disabled', 'paused'),
    expires_in_hours: fc.oneof(fc.integer({ min: -2, max: 200 }), fc.double()),
  },
  { requiredKeys: ['client_ip', 'customer', 'order', 'merchant_contract_id', 'pin_code', 'msisdn', 'frozen_time', 'url', 'event_types'] },
);

/** A right body with one field (at any depth) replaced by a hostile value. */
const mutatedBody = fc.tuple(rightBody, fc.nat(), hostileValue).map(([body, pick, value]) => {
  const paths: string[][] = [];
  const collect = (v: unknown, path: string[]) => {
    paths.push(path);
    if (v !== null && typeof v === 'object') for (const [k, child] of Object.entries(v)) collect(child, [...path, k]);
  };
  collect(body, []);
  const path = paths[1 + (pick % (paths.length - 1))] ?? [];
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path[path.length - 1] ?? 'x'] = value;
  return copy;
});

const shapedBody = fc.oneof({ weight: 3, arbitrary: rightBody }, { weight: 3, arbitrary: mutatedBody }, { weight: 1, arbitrary: sparseBody });

/** A shaped body with a card number and a security code put somewhere, under some name. */
const bodyWithCard: fc.Arbitrary<FuzzBody> = fc
  .tuple(shapedBody, cardNumber, fc.constantFrom(...CARD_KEYS), fc.constantFrom(...CODE_KEYS), fc.constantFrom('top', 'customer', 'bank_card', 'text'))
  .chain(([body, pan, cardKey, codeKey, place]) =>
    writtenCard(pan).map((written) => {
      const card = { [cardKey]: written, [codeKey]: '7351' };
      const customer = typeof body['customer'] === 'object' && body['customer'] !== null ? (body['customer'] as Record<string, unknown>) : {};
      const placed =
        place === 'top'
          ? { ...body, ...card }
          : place === 'customer'
            ? { ...body, customer: { ...customer, ...card } }
            : place === 'bank_card'
              ? { ...body, customer: { ...customer, type: 'bank_card', bank_card: { ...card, expiration_month: 12, expiration_year: 2031 } } }
              : { ...body, order: { merchant_order_id: 'o', description: `card ${String(written)} code 7351` } };
      return { kind: 'card', content: JSON.stringify(placed), cardNumbers: [pan] };
    }),
  );

const json =
  (kind: string) =>
  (value: unknown): FuzzBody => ({ kind, content: JSON.stringify(value) ?? 'null', cardNumbers: [] });

/** `{"a":[[[...]]]}` (or objects) nested `depth` deep, as text: no recursion anywhere. */
const nested = fc.tuple(fc.integer({ min: 1, max: 6_000 }), fc.boolean()).map(
  ([depth, arrays]): FuzzBody => ({
    kind: 'deep',
    content: arrays ? `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    cardNumbers: [],
  }),
);

/** Two bodies' members in one object: duplicate keys, the later one wins in JSON.parse. */
const duplicateKeys = fc.tuple(shapedBody, shapedBody).map(([a, b]): FuzzBody => {
  const inner = (v: object) => JSON.stringify(v).slice(1, -1);
  return { kind: 'duplicate-keys', content: `{${[inner(a), inner(b), inner(a)].filter(Boolean).join(',')}}`, cardNumbers: [] };
});

const PROTO = [
  '{"__proto__":{"polluted":true},"customer":{"__proto__":{"type":"mobile_phone"}}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":[],"order":{"__proto__":null}}',
  '{"customer":{"type":"mobile_phone","msisdn":"79001234567","constructor":"x"},"hasOwnProperty":1,"toString":2}',
];

const malformed = fc
  .oneof(
    shapedBody.chain((b) => {
      const text = JSON.stringify(b);
      return fc.nat(text.length).map((n) => text.slice(0, n));
    }),
    fc.constantFrom('{', '{"a":1,}', "{'a':1}", '{"a":NaN}', '{"a":01}', '{"a":"\\x"}', '\uFEFF{}', '{"a":1}{"b":2}', '[', 'undefined', ' '),
  )
  .map((content): FuzzBody => ({ kind: 'malformed', content, cardNumbers: [] }));

/** A right body, or one with a single hostile field, or one carrying card data under some name. */
export const nearlyRightBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 2, arbitrary: rightBody.map(json('right')) },
  { weight: 2, arbitrary: mutatedBody.map(json('one-field-wrong')) },
  { weight: 1, arbitrary: bodyWithCard },
);

/** Any body at all. */
export const hostileBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 6, arbitrary: shapedBody.map(json('shaped')) },
  { weight: 3, arbitrary: bodyWithCard },
  { weight: 2, arbitrary: nested },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 70_000 }).map((n) => json('huge')({ order: { merchant_order_id: 'o', description: 'x'.repeat(n) } })) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO).map((content): FuzzBody => ({ kind: 'proto', content, cardNumbers: [] })) },
  { weight: 1, arbitrary: duplicateKeys },
  { weight: 2, arbitrary: malformed },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json('any-json')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((s) => json('unicode')({ customer: { type: 'mobile_phone', msisdn: s }, order: { merchant_order_id: s } })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes): FuzzBody => ({ kind: 'bytes', content: Buffer.from(bytes), cardNumbers: [] })) },
  // A UTF-8 byte order mark before JSON, or before nothing: the lean JSON path reads it as body-parser did.
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', '{}', '[]', '{"order":{"merchant_order_id":"bom"}}', '\ufeff{}')
      .map((text): FuzzBody => ({ kind: 'bom', content: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), cardNumbers: [] })),
  },
);
