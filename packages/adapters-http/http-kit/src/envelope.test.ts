import { request } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendData } from './envelope.js';
import { serve, type Served } from './testing/serve.js';

let served: Served;

beforeAll(async () => {
  const app = express();
  // Non-ASCII text: Content-Length counts bytes, not characters.
  app.get('/data', (_req, res) => sendData(res, { name: 'Подписка ✓' }, 201));
  served = await serve(app);
});
afterAll(() => served.close());

/** A raw request, so nothing between the test and the socket fills in or checks the length. */
function raw(method: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: served.port, path: '/data', method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('sendJson (through sendData)', () => {
  it('answers the envelope as UTF-8 JSON with the status given and a byte-exact Content-Length', async () => {
    const res = await raw('GET');
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ success: true, data: { name: 'Подписка ✓' } });
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const [get, head] = [await raw('GET'), await raw('HEAD')];
    expect(head.status).toBe(201);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.body.length).toBe(0);
  });
});
