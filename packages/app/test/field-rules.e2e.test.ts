import { type XmlSchemaCheck, xmlSchemaCheck } from '@kassa-payments/devkit';
import type { CreateContractRequest, CreateInvoiceRequest } from '@kassa-payments/protocol';
import { signSubscriptionRequest, signXmlRequest } from '@kassa-payments/protocol';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAGGED, MERCHANT, P, SEED, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { type Exception, FIELD_CASES, type FieldCase, type RuleName, type Transport } from './field-rules.fixture.js';
import { expectAllValid, recordExchange, subscriptionSchemaCheck } from './subscription-schema.fixture.js';
import { XML_SCHEMA_PATH, XML_SERVICE_PATH } from '../src/xml-endpoints.js';

// Every case of field-rules.fixture.ts against every transport that carries its field, on the
// assembled app: a valid value is carried out, an invalid one refused in the transport's shape
// (JSON v3: 400 BAD_REQUEST naming the field; XML 2.9: ResultCode 100 naming the element; the
// subscription service: WRONG_PARAMS naming the element). Every XML request carried out validates
// against the XSD the service serves, so the rules and the published schemas cannot drift apart.
const SUBSCRIPTIONS = 40;
const SECRET = `whsec_${Buffer.from('field-rules-subscription-secret').toString('base64')}`;
/** XML 2.9 runs on another project than JSON v3: a value both accept is then two clients' first invoice. */
const XML_PROJECT = P.noIp;
const ip = '203.0.113.7';

let t: TestKassa;
let invoiceSchema: XmlSchemaCheck;
let subscriptionSchema: XmlSchemaCheck;
beforeAll(async () => {
  const [merchant, ...others] = SEED.partners as [{ projects: object[] }, ...object[]];
  const subscriptionProject = { id: SUBSCRIPTIONS, defaultPrice: { amount: '10.00', currency: 'RUB' }, subscriptionSecret: SECRET };
  t = await startTestKassa({}, { seed: { partners: [{ ...merchant, projects: [...merchant.projects, subscriptionProject] }, ...others] } });
  [invoiceSchema, subscriptionSchema] = await Promise.all([xmlSchemaCheck(`${t.kassa.urls.api}${XML_SCHEMA_PATH}`), subscriptionSchemaCheck(t.kassa.urls.subs)]);
});
afterAll(async () => {
  if (subscriptionSchema) expectAllValid(subscriptionSchema, []);
  invoiceSchema?.close();
  subscriptionSchema?.close();
  await t?.stop();
});

let counter = 0;
/** Ids no other request of the suite uses. */
const fresh = () => {
  counter += 1;
  return { msisdn: `7956${String(counter).padStart(7, '0')}`, id: `fr-${counter}` };
};
const escapeXml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A transport's answer, reduced to what the cases judge. */
interface Outcome {
  readonly accepted: boolean;
  /** The refusal's code: JSON's `status code`, XML 2.9's ResultCode, the subscription service's StatusName. */
  readonly code: string;
  readonly message: string;
}

// ---- JSON v3 -------------------------------------------------------------------------------------

type JsonCall = { host?: 'api' | 'pci'; login?: { login: string; password: string }; projectId: number } & ({ invoice: Record<string, unknown> } | { contract: Record<string, unknown> });

const phoneInvoice = (extra: Record<string, unknown> = {}, customer: Record<string, unknown> = {}) => {
  const f = fresh();
  return { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn, ...customer }, order: { merchant_order_id: f.id }, ...extra };
};
const cardInvoice = (customer: Record<string, unknown>) => {
  const f = fresh();
  return { client_ip: ip, customer: { type: 'undefined_bank_card', source: f.id, merchant_customer_id: f.id, country: 'RU', ...customer }, order: { merchant_order_id: f.id } };
};
const cardContract = (card: Record<string, unknown>) => {
  const f = fresh();
  const bank_card = { pan: '4276380012340009', expiration_month: '12', expiration_year: '2031', security_code: '739', ...card };
  return { client_ip: ip, customer: { type: 'bank_card', source: f.id, merchant_customer_id: f.id, country: 'RU', bank_card }, merchant_contract_id: f.id };
};

const JSON_CALLS: Readonly<Partial<Record<RuleName, (v: unknown) => JsonCall>>> = {
  msisdn: (v) => ({ projectId: P.main, invoice: phoneInvoice({}, { msisdn: v }) }),
  email: (v) => ({ projectId: P.main, invoice: phoneInvoice({}, { email: v }) }),
  country: (v) => ({ projectId: P.main, invoice: cardInvoice({ country: v }) }),
  pan: (v) => ({ host: 'pci', projectId: P.main, contract: cardContract({ pan: v }) }),
  expirationMonth: (v) => ({ host: 'pci', projectId: P.main, contract: cardContract({ expiration_month: v }) }),
  securityCode: (v) => ({ host: 'pci', projectId: P.main, contract: cardContract({ security_code: v }) }),
  callbackUrl: (v) => ({ login: FLAGGED, projectId: P.flagged, invoice: phoneInvoice({ test_info: { callback_url: v } }) }),
  clientIp: (v) => ({ projectId: P.main, invoice: phoneInvoice({ client_ip: v }) }),
  merchantOrderId: (v) => ({ projectId: P.main, invoice: phoneInvoice({ order: { merchant_order_id: v } }) }),
  merchantCustomerId: (v) => ({ projectId: P.main, invoice: cardInvoice({ merchant_customer_id: v }) }),
  amount: (v) => ({ projectId: P.main, invoice: phoneInvoice({ order: { merchant_order_id: fresh().id, price: { amount: v, currency: 'RUB' } } }) }),
  currency: (v) => ({ projectId: P.main, invoice: phoneInvoice({ order: { merchant_order_id: fresh().id, price: { amount: '10.00', currency: v } } }) }),
};

async function viaJson(rule: RuleName, value: unknown): Promise<Outcome> {
  const call = (JSON_CALLS[rule] as (v: unknown) => JsonCall)(value);
  const client = t.client({ host: call.host ?? 'api', ...(call.login ?? MERCHANT) });
  // The bodies are the cases' own, invalid ones included: the client's types cannot hold them.
  const r =
    'invoice' in call
      ? await client.createInvoice(call.projectId, call.invoice as unknown as CreateInvoiceRequest)
      : await client.createContract(call.projectId, call.contract as unknown as CreateContractRequest);
  return r.ok ? { accepted: true, code: String(r.status), message: '' } : { accepted: false, code: `${r.status} ${r.error.code}`, message: r.error.message };
}

// ---- XML 2.9 -------------------------------------------------------------------------------------

type XmlCall = { host?: 'api' | 'pci'; login?: { login: string; password: string }; projectId?: number; operation: string; body: string };

const phoneXml = (msisdn: string, email = '') => `<MobilePhoneCustomer><MSISDN>${msisdn}</MSISDN>${email}</MobilePhoneCustomer>`;
const phoneInvoiceXml = (inner: { msisdn?: string; email?: string; extra?: string; orderId?: string } = {}) => {
  const f = fresh();
  return { operation: 'CreateInvoice', body: `<MerchantOrderID>${inner.orderId ?? f.id}</MerchantOrderID>${phoneXml(inner.msisdn ?? f.msisdn, inner.email)}${inner.extra ?? ''}` };
};
const cardInvoiceXml = (customer: { country?: string; mcid?: string }) => {
  const f = fresh();
  return {
    operation: 'CreateInvoice',
    body: `<MerchantOrderID>${f.id}</MerchantOrderID><UndefinedBankCardCustomer><Source>${f.id}</Source><MerchantCustomerID>${customer.mcid ?? f.id}</MerchantCustomerID><Country>${customer.country ?? 'RU'}</Country></UndefinedBankCardCustomer>`,
  };
};
const cardContractXml = (card: { PAN?: string; ExpirationMonth?: string; SecurityCode?: string }) => {
  const f = fresh();
  const c = { PAN: '4276380012340009', ExpirationMonth: '12', SecurityCode: '739', ...card };
  const bankCard = `<BankCard><PAN>${c.PAN}</PAN><ExpirationMonth>${c.ExpirationMonth}</ExpirationMonth><ExpirationYear>2031</ExpirationYear><SecurityCode>${c.SecurityCode}</SecurityCode></BankCard>`;
  return {
    host: 'pci' as const,
    operation: 'CreateCustomerContract',
    body: `<MerchantContractID>${f.id}</MerchantContractID><BankCardCustomer><Source>${f.id}</Source><MerchantCustomerID>${f.id}</MerchantCustomerID><Country>RU</Country>${bankCard}</BankCardCustomer>`,
  };
};

const XML_CALLS: Readonly<Partial<Record<RuleName, (v: string) => XmlCall>>> = {
  msisdn: (v) => phoneInvoiceXml({ msisdn: v }),
  email: (v) => phoneInvoiceXml({ email: `<Email>${v}</Email>` }),
  country: (v) => cardInvoiceXml({ country: v }),
  pan: (v) => cardContractXml({ PAN: v }),
  expirationMonth: (v) => cardContractXml({ ExpirationMonth: v }),
  securityCode: (v) => cardContractXml({ SecurityCode: v }),
  callbackUrl: (v) => ({ login: FLAGGED, projectId: P.flagged, ...phoneInvoiceXml({ extra: `<TestInfo><CallbackUrl>${v}</CallbackUrl></TestInfo>` }) }),
  clientIp: (v) => phoneInvoiceXml({ extra: `<ClientIP>${v}</ClientIP>` }),
  merchantOrderId: (v) => phoneInvoiceXml({ orderId: v }),
  merchantCustomerId: (v) => cardInvoiceXml({ mcid: v }),
  amount: (v) => phoneInvoiceXml({ extra: `<Price><Amount>${v}</Amount><Currency>RUB</Currency></Price>` }),
  currency: (v) => phoneInvoiceXml({ extra: `<Price><Amount>10.00</Amount><Currency>${v}</Currency></Price>` }),
};

const xmlParser = new XMLParser({ parseTagValue: false, processEntities: false });
const nowUtc = () => `${new Date().toISOString().slice(0, 19)}Z`;

async function viaXml(rule: RuleName, value: string): Promise<Outcome> {
  const call = (XML_CALLS[rule] as (v: string) => XmlCall)(escapeXml(value));
  const { login, password } = call.login ?? MERCHANT;
  const now = nowUtc();
  const unsigned = `<?xml version="1.0" encoding="utf-8"?><Request><Header><Authentication><Login>${login}</Login><NowUtc>${now}</NowUtc><Signature></Signature></Authentication></Header><${call.operation}Request><ProjectID>${call.projectId ?? XML_PROJECT}</ProjectID>${call.body}</${call.operation}Request></Request>`;
  const request = signXmlRequest(unsigned, password, login, now);
  const res = await fetch(`${t.kassa.urls[call.host ?? 'api']}${XML_SERVICE_PATH}`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body: request });
  const { Response: answer } = xmlParser.parse(await res.text()) as { Response: { ResultCode: string; ResultMessage: string } };
  if (answer.ResultCode === '0') expect(invoiceSchema.problems(request), 'a request carried out validates against the served XSD').toBe('');
  return { accepted: answer.ResultCode === '0', code: answer.ResultCode, message: answer.ResultMessage };
}

// ---- the subscription service ---------------------------------------------------------------------

const SUBSCRIPTION_CALLS: Readonly<Partial<Record<RuleName, (v: string) => string>>> = {
  msisdn: (v) => `<Subscriber_MSISDN>${v}</Subscriber_MSISDN>`,
  // Without a number: WAP activation, so no country of the number is matched against the address's.
  clientIp: (v) => `<ClientIP>${v}</ClientIP>`,
  merchantCustomerId: (v) => `<CustomerType>Card</CustomerType><CustomerId>${v}</CustomerId>`,
  amount: (v) => `<Subscriber_MSISDN>${fresh().msisdn}</Subscriber_MSISDN><TestInfo><BillingAmount>${v}</BillingAmount></TestInfo>`,
};

async function viaSubscriptions(rule: RuleName, value: string): Promise<Outcome> {
  const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const elements = (SUBSCRIPTION_CALLS[rule] as (v: string) => string)(escapeXml(value));
  const unsigned = `<?xml version="1.0" encoding="utf-8"?><Request><SubscriptionProjectID>${SUBSCRIPTIONS}</SubscriptionProjectID><Now>${now}</Now><Signature></Signature>${elements}</Request>`;
  const request = signSubscriptionRequest(unsigned, SECRET, SUBSCRIPTIONS, now, 'v1');
  const res = await fetch(`${t.kassa.urls.subs}/Http/Services/CreateSubscription.aspx`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body: request });
  const text = await res.text();
  recordExchange(subscriptionSchema, 'CreateSubscription', request, text);
  const { Response: answer } = xmlParser.parse(text) as { Response: { StatusName: string; StatusDescription?: string } };
  return { accepted: answer.StatusName === 'REQUEST_ACCEPTED', code: answer.StatusName, message: answer.StatusDescription ?? '' };
}

// ---- the cases ----------------------------------------------------------------------------------

const TRANSPORTS: readonly Transport[] = ['json', 'xml', 'subscription'];
/** What a refusal of each transport is: its code, and its words naming the field (its JSON path's or element's last name). */
const REFUSED: Readonly<Record<Transport, string>> = { json: '400 BAD_REQUEST', xml: '100', subscription: 'WRONG_PARAMS' };
const leafOf = (at: string) => (at.split(/[./]/).at(-1) as string).toLowerCase();

function send(transport: Transport, rule: RuleName, value: string | number): Promise<Outcome> {
  if (transport === 'json') return viaJson(rule, value);
  return transport === 'xml' ? viaXml(rule, String(value)) : viaSubscriptions(rule, String(value));
}

/** Why a (case, transport) pair is not run, if it is not. */
function skipped(transport: Transport, at: string | undefined, c: FieldCase): string | undefined {
  if (at === undefined) return 'the transport does not carry the field';
  if (typeof c.value === 'number' && transport !== 'json') return "a number is JSON's case only: XML carries text";
  return undefined;
}

const show = (v: string | number) => {
  const text = JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 24)}…(${String(v).length} characters)` : text;
};

describe.each(Object.entries(FIELD_CASES) as [RuleName, NonNullable<(typeof FIELD_CASES)[RuleName]>][])('the %s rule', (rule, cases) => {
  describe.each(TRANSPORTS)('on %s', (transport) => {
    const carriage = cases.carried[transport];
    const at = 'at' in carriage ? carriage.at : undefined;
    if (at === undefined) {
      it.skip(`is not carried: ${'absent' in carriage ? carriage.absent : ''}`, () => {});
      return;
    }

    for (const c of cases.valid) {
      const why = skipped(transport, at, c);
      if (why) it.skip(`takes ${show(c.value)} (${c.why}): ${why}`, () => {});
      else
        it(`takes ${show(c.value)} (${c.why}) at ${at}`, async () => {
          const outcome = await send(transport, rule, c.value);
          expect(outcome, `${outcome.code} ${outcome.message}`).toMatchObject({ accepted: true });
        });
    }

    for (const c of cases.invalid) {
      const why = skipped(transport, at, c);
      const except: Exception | undefined = c.except?.[transport];
      if (why) it.skip(`refuses ${show(c.value)} (${c.why}): ${why}`, () => {});
      else if (except && 'accepted' in except)
        it(`takes ${show(c.value)} (${c.why}) at ${at}, unlike the other transports: ${except.accepted}`, async () => {
          expect(await send(transport, rule, c.value)).toMatchObject({ accepted: true });
        });
      else
        it(`refuses ${show(c.value)} (${c.why}) at ${at}${except ? `, saying "${except.refusedSaying}" (${except.why})` : ', naming it'}`, async () => {
          const outcome = await send(transport, rule, c.value);
          expect(outcome.code, outcome.message).toBe(REFUSED[transport]);
          if (except) expect(outcome.message).toContain(except.refusedSaying);
          else expect(outcome.message.toLowerCase(), 'the refusal names the field').toContain(leafOf(at));
          // JSON v3 names the field by its path from the body's top.
          if (transport === 'json') expect(outcome.message.startsWith(at.split('.')[0] as string), outcome.message).toBe(true);
        });
    }
  });
});
