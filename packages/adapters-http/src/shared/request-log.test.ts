import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonBody } from './json-body.js';
import { requestLog } from './request-log.js';
import { sendData } from './envelope.js';
import { serve, type Served } from './serve.fixture.js';

let served: Served;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'info' }, new Writable({ write: (c: Buffer, _e, done) => void (lines.push(JSON.parse(c.toString()) as Record<string, unknown>), done()) }));
  const app = express();
  app.use(requestLog(logger, 'api'));
  app.use(jsonBody('test', 1024));
  app.post('/api/v3/projects/:id/invoices', (_req, res) => sendData(res, { ok: true }, 201));
  served = await serve(app);
});
afterAll(() => served.close());

describe('requestLog', () => {
  it('writes one line when the answer is sent: method, path without the query, status, duration, masked body', async () => {
    const body = { customer: { type: 'undefined_bank_card', bank_card: { pan: '4111111111111111', security_code: '123' } }, pin_code: '1234' };
    const res = await fetch(`${served.base}/api/v3/projects/7/invoices?merchant_order_id=o-1`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': 'secret-signature' }, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    // The line is written on 'finish', which may come just after the client has the answer.
    const line = await vi.waitFor(() => lines.find((l) => l['msg'] === 'request') ?? Promise.reject(new Error('no request line yet')));
    expect(line).toMatchObject({ host: 'api', method: 'POST', path: '/api/v3/projects/7/invoices', status: 201 });
    expect(typeof line?.['ms']).toBe('number');
    expect(line?.['body']).toEqual({ customer: { type: 'undefined_bank_card', bank_card: { pan: '************1111', security_code: '[redacted]' } }, pin_code: '[redacted]' });
    expect(JSON.stringify(lines)).not.toContain('secret-signature');
  });

  it('logs the 404 of an unknown path with its status, and no body when none was sent', async () => {
    const res = await fetch(`${served.base}/nowhere?x=1`);
    expect(res.status).toBe(404);
    const line = await vi.waitFor(() => lines.find((l) => l['path'] === '/nowhere') ?? Promise.reject(new Error('no line for /nowhere yet')));
    expect(line).toMatchObject({ method: 'GET', status: 404 });
    expect(line).not.toHaveProperty('body');
  });
});
