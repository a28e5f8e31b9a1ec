import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';
import { serve, type Served } from './testing/serve.js';

let served: Served;
const lines: Record<string, unknown>[] = [];
let loggerThrows = false;

// As http-errors makes them (body-parser's): `expose` says the message is the client's business.
const withStatus = (status: number, key: 'status' | 'statusCode') => Object.assign(new Error('internal detail'), { [key]: status, expose: true });

beforeAll(async () => {
  // A destination that throws from the logging call itself, as a broken log pipe may.
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        if (loggerThrows) throw new Error('disk full');
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  const app = express();
  app.get('/status/:n', (req) => {
    throw withStatus(Number(req.params['n']), 'status');
  });
  app.get('/status-code/:n', (req) => {
    throw withStatus(Number(req.params['n']), 'statusCode');
  });
  // An HTTP client's error inside a plugin (a gateway's 429, say): a 4xx of ours, not the caller's.
  app.get('/plugin-429', () => {
    throw Object.assign(new Error('gateway said 429'), { status: 429 });
  });
  app.get('/bug', () => {
    throw new Error('a bug');
  });
  app.use(errorHandler('test', logger));
  served = await serve(app);
});
afterAll(() => served.close());

const get = async (path: string) => {
  const r = await fetch(`${served.base}${path}`);
  return { status: r.status, type: r.headers.get('content-type'), body: (await r.json()) as { success: boolean; error: { code: string; message: string } } };
};

describe('errorHandler', () => {
  it.each([400, 404, 405, 413, 422, 499])('an error carrying status %i is that client error in the envelope, never a 503', async (n) => {
    for (const path of [`/status/${n}`, `/status-code/${n}`]) {
      const r = await get(path);
      expect([r.status, r.body.error.code, r.type]).toEqual([n, 'BAD_REQUEST', 'application/json; charset=utf-8']);
      expect(r.body.error.message).not.toContain('internal detail');
    }
    const line = lines.find((l) => l['msg'] === 'client error');
    expect(line).toMatchObject({ level: 30, status: 400 });
    expect(JSON.stringify(lines)).not.toContain('stack');
  });

  it('anything else is 503 SERVICE_UNAVAILABLE with Retry-After, logged as an error', async () => {
    for (const path of ['/bug', '/status/500', '/status/302', '/plugin-429']) {
      const r = await get(path);
      expect([r.status, r.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    }
    expect(lines.some((l) => l['msg'] === 'request failed' && l['level'] === 50)).toBe(true);
  });

  it('a logger that throws while the error is answered still leaves an answer, and the process running', async () => {
    loggerThrows = true;
    try {
      const r = await get('/bug');
      expect([r.status, r.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      expect((await get('/status/404')).status).toBe(503);
    } finally {
      loggerThrows = false;
    }
  });
});
