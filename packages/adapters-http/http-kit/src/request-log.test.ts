import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonBody } from './json-body.js';
import { requestLog } from './request-log.js';
import { domainError } from '@kassa-payments/domain';
import { sendData, sendError } from './envelope.js';
import { serve, type Served } from './testing/serve.js';

let served: Served;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logger = pino(
    { level: 'info' },
    new Writable({
      write: (c: Buffer, _e, done) => {
        lines.push(JSON.parse(c.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  const app = express();
  app.use(requestLog(logger, 'api'));
  app.use(jsonBody('test', 1024));
  app.post('/api/v3/projects/:id/invoices', (_req, res) => sendData(res, { ok: true }, 201));
  app.post('/unauthenticated', (_req, res) => sendError(res, domainError('AUTH_INVALID_SIGNATURE'), 'test'));
  served = await serve(app);
});
afterAll(() => served.close());

describe('requestLog', () => {
  it('writes one line when the answer is sent: method, path without the query, status, duration, masked body', async () => {
    const body = { customer: { type: 'undefined_bank_card', bank_card: { pan: '4111111111111111', security_code: '123' } }, pin_code: '1234' };
    const res = await fetch(`${served.base}/api/v3/projects/7/invoices?merchant_order_id=o-1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'secret-signature' },
      body: JSON.stringify(body),
    });
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

describe('requestLog, bodies of callers that did not authenticate', () => {
  it('logs the line of a 401 without its body', async () => {
    const res = await fetch(`${served.base}/unauthenticated`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filler: 'z'.repeat(900) }) });
    expect(res.status).toBe(401);
    const line = await vi.waitFor(() => lines.find((l) => l['path'] === '/unauthenticated') ?? Promise.reject(new Error('no line yet')));
    expect(line).toMatchObject({ status: 401 });
    expect(line).not.toHaveProperty('body');
  });
});

describe('requestLog, when the log line cannot be written', () => {
  it('a logger that throws on the line costs the line, not the process', async () => {
    let throws = true;
    /** The request lines the logger was handed (each thrown while `throws`). */
    let attempts = 0;
    const logger = pino(
      { level: 'info' },
      {
        write: (line: string) => {
          if (line.includes('"msg":"request"')) attempts += 1;
          if (throws) throw new Error('broken pipe');
        },
      },
    );
    const app = express();
    app.use(requestLog(logger, 'api'));
    app.use(jsonBody('test', 1024));
    app.post('/x', (_req, res) => sendData(res, { ok: true }));
    const s = await serve(app);
    // A throw from the 'finish' listener would surface here (vitest reports it too, but apart from this test).
    const uncaught: unknown[] = [];
    const record = (e: unknown) => void uncaught.push(e);
    process.on('uncaughtException', record);
    try {
      for (let i = 0; i < 3; i += 1) {
        const res = await fetch(`${s.base}/x`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
        expect(res.status).toBe(200);
      }
      // 'finish' comes after the answer: wait for the three lines to have been tried (and thrown), then the server must still answer.
      await vi.waitFor(() => expect(attempts).toBe(3));
      throws = false;
      expect((await fetch(`${s.base}/x`, { method: 'POST' })).status).toBe(200);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
      await s.close();
    }
  });
});
