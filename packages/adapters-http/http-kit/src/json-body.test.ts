import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';
import { jsonBody, rawBodyOf } from './json-body.js';
import { serve, type Served } from './testing/serve.js';

// The JSON parser's two paths: plain JSON (nearly every API request) read by raw-body and parsed
// once; anything else (a charset, a compressed body) through body-parser. Both answer alike.
let served: Served;
const LIMIT = 1024;

beforeAll(async () => {
  const app = express();
  app.use(jsonBody('test', LIMIT));
  app.post('/echo', (req, res) => void res.json({ body: req.body as unknown, raw: rawBodyOf(req)?.toString('utf8') ?? null }));
  app.use(errorHandler('test', pino({ level: 'silent' })));
  served = await serve(app);
});
afterAll(() => served.close());

interface Answer {
  readonly status: number;
  readonly body: { body?: unknown; raw?: string | null; error?: { code: string; message: string } };
}

/** One POST on `agent`'s connection (keep-alive), its answer parsed. */
function post(body: Buffer | string, headers: Record<string, string>, agent?: import('node:http').Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${served.base}/echo`, { method: 'POST', headers, ...(agent ? { agent } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('JSON bodies', () => {
  it('parses plain JSON and keeps its bytes as sent (the version 5 signature hashes them), with or without charset=utf-8', async () => {
    const text = '{ "order": {"merchant_order_id": "é-1"} }';
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"']) {
      const answer = await post(text, { 'content-type': type });
      expect([type, answer.status, answer.body]).toEqual([type, 200, { body: { order: { merchant_order_id: 'é-1' } }, raw: text }]);
    }
  });

  it('reads a compressed body or another charset through body-parser, as before', async () => {
    const gzipped = await post(gzipSync('{"a":1}'), { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect([gzipped.status, gzipped.body.body]).toEqual([200, { a: 1 }]);
    const latin = await post('{"a":1}', { 'content-type': 'application/json; charset=iso-8859-1' });
    expect([latin.status, latin.body.error?.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('answers malformed JSON 400 and an oversize body 413, in the envelope, and the connection serves the next request', async () => {
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const malformed = await post('{"a":', { 'content-type': 'application/json' }, agent);
      expect([malformed.status, malformed.body.error?.code, malformed.body.error?.message]).toEqual([400, 'BAD_REQUEST', 'The body is not valid JSON']);
      const oversize = await post(JSON.stringify({ a: 'x'.repeat(LIMIT) }), { 'content-type': 'application/json' }, agent);
      expect([oversize.status, oversize.body.error?.code]).toEqual([413, 'BAD_REQUEST']);
      const next = await post('{"b":2}', { 'content-type': 'application/json' }, agent);
      expect([next.status, next.body.body]).toEqual([200, { b: 2 }]);
    } finally {
      agent.destroy();
    }
  });

  it('takes an empty chunked body for {} and a leading byte order mark as body-parser did, and refuses a body that is not a JSON object or not JSON at all', async () => {
    const bom = await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"c":3}')]), { 'content-type': 'application/json' });
    expect([bom.status, bom.body.body]).toEqual([200, { c: 3 }]);
    const empty = await post('', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    expect([empty.status, empty.body.body]).toEqual([200, {}]);
    const array = await post('[1,2]', { 'content-type': 'application/json' });
    expect([array.status, array.body.error?.message]).toEqual([400, 'The body must be a JSON object']);
    const text = await post('a=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect([text.status, text.body.error?.message]).toEqual([400, 'Content-Type must be application/json']);
  });
});
