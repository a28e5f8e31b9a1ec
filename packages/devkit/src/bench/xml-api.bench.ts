import { signXmlRequest } from '@kassa-payments/protocol';
import autocannon from 'autocannon';
import { XML_SERVICE_PATH } from '@kassa-payments/app';
import { BENCH_PARTNER, BENCH_PROJECT_ID, median, signV4Headers, startBenchServer, stopBenchServer, verdict } from './bench-common.js';

/**
 * The XML scenario of `npm run bench`: the signed XML 2.9 CreateInvoice + GetInvoice pair against the
 * signed JSON v3 pair (POST /invoices + GET /invoices/{id}, version 4), on one embedded Kassa, 50
 * connections, measured back to back in alternating order each round. Target: XML >= 0.7 of JSON.
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const IP = '203.0.113.10';

let sequence = 0;
const next = () => {
  sequence += 1;
  return { msisdn: `7${String(sequence).padStart(10, '0')}`, order: `x-${process.pid}-${sequence}` };
};
type Context = Record<string, unknown>;

const JSON_PAIR: autocannon.Request[] = [
  {
    method: 'POST',
    path: `/api/v3/projects/${BENCH_PROJECT_ID}/invoices`,
    setupRequest: (req) => {
      const { msisdn, order } = next();
      const body = { client_ip: IP, customer: { type: 'mobile_phone', msisdn }, order: { merchant_order_id: order } };
      return { ...req, headers: signV4Headers(`${order + msisdn}${IP}`), body: JSON.stringify(body) };
    },
    onResponse: (status, body, context) => {
      if (status === 201) (context as Context)['invoiceId'] = (JSON.parse(body) as { data: { invoice_id: string } }).data.invoice_id;
    },
  },
  {
    method: 'GET',
    setupRequest: (req, context) => {
      const id = String((context as Context)['invoiceId'] ?? 'none');
      const { 'Content-Type': _, ...headers } = signV4Headers(id);
      return { ...req, path: `/api/v3/projects/${BENCH_PROJECT_ID}/invoices/${id}`, headers };
    },
  },
];

function xmlRequest(operation: string, body: string): string {
  const now = `${new Date().toISOString().slice(0, 19)}Z`;
  const auth = `<Login>${BENCH_PARTNER.login}</Login><NowUtc>${now}</NowUtc><Signature></Signature>`;
  const unsigned = `<?xml version="1.0" encoding="utf-8"?><Request><Header><Authentication>${auth}</Authentication></Header><${operation}Request><ProjectID>${BENCH_PROJECT_ID}</ProjectID>${body}</${operation}Request></Request>`;
  return signXmlRequest(unsigned, BENCH_PARTNER.password, BENCH_PARTNER.login, now);
}
const XML_HEADERS = { 'Content-Type': 'text/xml; charset=utf-8' };

/** The XML pair; an answer without ResultCode 0 (HTTP 200 even for errors) is counted in `failures`. */
function xmlPair(failures: { count: number }): autocannon.Request[] {
  const check = (body: string) => {
    if (!body.includes('<ResultCode>0</ResultCode>')) failures.count += 1;
  };
  return [
    {
      method: 'POST',
      path: XML_SERVICE_PATH,
      setupRequest: (req) => {
        const { msisdn, order } = next();
        const body = xmlRequest('CreateInvoice', `<MerchantOrderID>${order}</MerchantOrderID><MobilePhoneCustomer><MSISDN>${msisdn}</MSISDN></MobilePhoneCustomer><ClientIP>${IP}</ClientIP>`);
        return { ...req, headers: XML_HEADERS, body };
      },
      onResponse: (_status, body, context) => {
        check(body);
        (context as Context)['invoiceId'] = /<InvoiceID>([^<]+)<\/InvoiceID>/.exec(body)?.[1] ?? 'none';
      },
    },
    {
      method: 'POST',
      path: XML_SERVICE_PATH,
      setupRequest: (req, context) => ({ ...req, headers: XML_HEADERS, body: xmlRequest('GetInvoice', `<InvoiceID>${String((context as Context)['invoiceId'] ?? 'none')}</InvoiceID>`) }),
      onResponse: (_status, body) => check(body),
    },
  ];
}

interface Measured {
  readonly name: string;
  readonly rps: number;
  readonly p99: number;
  readonly problems: number;
}

async function measure(name: string, url: string, protocol: 'json' | 'xml'): Promise<Measured> {
  const failures = { count: 0 };
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests: protocol === 'json' ? JSON_PAIR : xmlPair(failures) });
  return { name, rps: result.requests.average, p99: result.latency.p99, problems: result.errors + result.timeouts + result.non2xx + failures.count };
}

const server = await startBenchServer('./kassa-server.js');
const rows: Measured[] = [];
const ratios: number[] = [];
try {
  await measure('json (warm-up)', server.url, 'json');
  await measure('xml (warm-up)', server.url, 'xml');
  for (let round = 1; round <= ROUNDS; round++) {
    const order: ('json' | 'xml')[] = round % 2 === 1 ? ['json', 'xml'] : ['xml', 'json'];
    const measured: Partial<Record<'json' | 'xml', Measured>> = {};
    for (const protocol of order) measured[protocol] = await measure(`${protocol}#${round}`, server.url, protocol);
    const { json, xml } = measured as Record<'json' | 'xml', Measured>;
    rows.push(json, xml);
    ratios.push(xml.rps / json.rps);
  }
} finally {
  await stopBenchServer(server.child);
}
console.log(
  `\nsigned XML 2.9 CreateInvoice + GetInvoice vs signed JSON v3 POST /invoices + GET (v4), one embedded Kassa, ${CONNECTIONS} connections, ${SECONDS}s each, ${ROUNDS} rounds (order alternating)`,
);
console.table(rows.map((r) => ({ scenario: r.name, 'req/s': Math.round(r.rps), 'p99 ms': r.p99, problems: r.problems })));
const ratio = median(ratios);
console.log(`ratio per round: ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
console.log(`throughput ratio xml/json (median of the rounds): ${ratio.toFixed(2)} (target >= 0.70) ${verdict(ratio >= 0.7)}`);
if (rows.some((r) => r.problems > 0)) console.log('note: some requests failed; see the table');
