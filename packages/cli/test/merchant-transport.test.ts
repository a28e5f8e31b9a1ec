import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { runMerchantCli as runCli } from '../src/program.js';
import { terminalText } from '../src/terminal-text.js';

// The merchant commands (`kassa listen`, `kassa logs tail`, `kassa trigger`) send a login and a
// signature with every request: never over plain http to another machine unless the command line
// says so, and what a server answers reaches the terminal without its control characters.
const CREDENTIALS = { KASSA_LOGIN: 'shop', KASSA_PASSWORD: 'seed-password-1', KASSA_PROJECT: '7' };

interface Ran {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

/** `kassa ARGS` in process; a following command (listen, logs tail) is stopped after `ms` (a refusal ends it long before). */
async function kassa(args: string[], env: Record<string, string>, ms = 3_000): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { env, out: (l) => out.push(l), err: (l) => err.push(l), signal: AbortSignal.timeout(ms) });
  return { code, out, err };
}

/** A server of ours (`handle` answers), on `host`; the requests it got. */
const servers: ReturnType<typeof createServer>[] = [];
async function server(host: string, handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const s = createServer((req, res) => {
    seen.push(req);
    handle(req, res);
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, host, resolve));
  return { url: `http://${host}:${(s.address() as AddressInfo).port}`, seen };
}
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** Anything a terminal would act on: C0 but newline and tab, DEL, C1. */
const CONTROL = /[^\P{Cc}\n\t]/u;
/** A hostile server's text: a screen clear, a window title, a hyperlink, a carriage return over the line, a bell, an 8-bit CSI. */
const HOSTILE = '\u001b[2J\u001b]0;pwned\u0007\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\\rfake line\u0007\u009b31mred\u0000';

describe('the merchant commands over plain http', { timeout: 30_000 }, () => {
  it('refuse a Kassa URL of another machine over plain http before any request (exit 1), naming --allow-plain-http', async () => {
    for (const url of ['http://kassa.invalid:8080', 'http://127.0.0.1.kassa.invalid', 'HTTP://Kassa.invalid/', 'http://[::ffff:7f00:1]:8080']) {
      for (const args of [
        ['logs', 'tail'],
        ['listen', '--forward-to', 'http://localhost:4242/webhooks'],
        ['trigger', 'payment.updated'],
      ]) {
        const r = await kassa(args, { ...CREDENTIALS, KASSA_API_URL: url });
        expect([r.code, r.err.join('\n')], `${args[0]} ${url}`).toEqual([1, expect.stringContaining('--allow-plain-http')]);
        expect(r.err.join('\n')).toContain('plain http to another machine');
      }
      const api = await kassa(['logs', 'tail', '--api', url], CREDENTIALS);
      expect([api.code, api.err.join('\n')], url).toEqual([1, expect.stringContaining('plain http to another machine')]);
    }
    // Not a URL, or not http(s): a usage mistake too.
    for (const url of ['ftp://127.0.0.1:8080', 'kassa.invalid:8080']) expect((await kassa(['trigger', 'payment.updated'], { ...CREDENTIALS, KASSA_API_URL: url })).code, url).toBe(1);
    // The subscription service's requests are signed with the project's subscription secret: the same rule.
    const subs = await kassa(['trigger', 'subscription.activated'], {
      ...CREDENTIALS,
      KASSA_API_URL: 'http://127.0.0.1:9',
      KASSA_SUBS_URL: 'http://kassa.invalid:8083',
      KASSA_SUBSCRIPTION_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    expect([subs.code, subs.err.join('\n')]).toEqual([1, expect.stringContaining('KASSA_SUBS_URL')]);
  });

  it("this machine's own network address is another machine's to the rule: nothing arrives there unless --allow-plain-http, then the signed request does", async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i?.family === 'IPv4' && !i.internal)?.address;
    if (!external) return;
    const kassaThere = await server(external, (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'AUTH_INVALID_SIGNATURE', message: 'no' } }));
    });
    const refused = await kassa(['logs', 'tail', '--api', kassaThere.url], CREDENTIALS);
    expect([refused.code, kassaThere.seen.length]).toEqual([1, 0]);
    const asked = await kassa(['logs', 'tail', '--api', kassaThere.url, '--allow-plain-http'], CREDENTIALS);
    expect([asked.code, kassaThere.seen.length, kassaThere.seen[0]?.headers['x-login']]).toEqual([2, 1, 'shop']);
  });

  it('https anywhere and plain http to 127.x, ::1 or localhost go ahead (here to a closed port: Kassa unreachable, exit 3)', async () => {
    for (const url of ['http://127.0.0.1:9', 'http://localhost:9', 'http://127.8.9.10:9', 'https://kassa.invalid:8443']) {
      const r = await kassa(['trigger', 'payment.updated'], { ...CREDENTIALS, KASSA_API_URL: url });
      expect([r.code, r.err.join('\n')], url).toEqual([3, expect.stringContaining('did not answer')]);
    }
  });
});

describe("the server's text on the terminal", { timeout: 30_000 }, () => {
  it('removes escape sequences and control characters but the newline and the tab', () => {
    expect(terminalText(HOSTILE)).toBe('clickfake linered');
    expect(terminalText('two\nlines\tand a tab')).toBe('two\nlines\tand a tab');
    expect(terminalText('plain: 支払い, ü, emoji 🎉')).toBe('plain: 支払い, ü, emoji 🎉');
  });

  it("kassa logs tail: a stream's entries and its refusal are printed without the server's control characters", async () => {
    const hostile = await server('127.0.0.1', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const entry = { id: `x${HOSTILE}`, at: `2026-01-01T00:00:00Z${HOSTILE}`, method: `GET${HOSTILE}`, route: `/x${HOSTILE}`, status: 200, request_id: HOSTILE, ms: 1 };
      res.write(`event: ready\ndata: {"since":"0"}\n\n`);
      res.write(`event: request\ndata: ${JSON.stringify(entry)}\n\n`);
      res.end(`event: error\ndata: ${JSON.stringify({ code: `AUTH_GONE${HOSTILE}`, message: HOSTILE })}\n\n`);
    });
    for (const args of [[], ['--json']]) {
      const r = await kassa(['logs', 'tail', ...args], { ...CREDENTIALS, KASSA_API_URL: hostile.url });
      expect(r.code).toBe(2);
      expect(r.out.join('\n')).toContain('fake line');
      expect(r.err.join('\n')).toContain('Kassa ended the stream');
      for (const line of [...r.out, ...r.err]) expect(line).not.toMatch(CONTROL);
    }
  });

  it("kassa trigger: the server's refusal is printed without its control characters (the admin commands': packages/app/test/admin-cli-text.test.ts)", async () => {
    const hostile = await server('127.0.0.1', (req, res) => {
      if (req.url?.endsWith('/openapi.json')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ paths: { '/api/v3/projects/{projectId}/test_data/reset': {} } }));
        return;
      }
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: `VALIDATION${HOSTILE}`, message: `bad${HOSTILE}` } }));
    });
    const trigger = await kassa(['trigger', 'payment.updated'], { ...CREDENTIALS, KASSA_API_URL: hostile.url });
    expect([trigger.code, trigger.err.join('\n')]).toEqual([2, expect.stringContaining('badclickfake line')]);
    for (const line of [...trigger.out, ...trigger.err]) expect(line).not.toMatch(CONTROL);
  });
});
