import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.js';

// The operator's admin commands print what a server answers without its control characters, as the
// merchant's commands do (packages/cli/test/merchant-transport.test.ts).
const CONTROL = /[^\P{Cc}\n\t]/u;
const HOSTILE = '\u001b[2J\u001b]0;pwned\u0007\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\\rfake line\u0007\u009b31mred\u0000';
const hostile = createServer((_req, res) => {
  res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: `VALIDATION${HOSTILE}`, message: `bad${HOSTILE}` } }));
});
afterAll(() => new Promise((resolve) => hostile.close(resolve)));

it("kassa's admin commands: the server's refusal is printed without its control characters", async () => {
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  const out: string[] = [];
  const err: string[] = [];
  const env = { KASSA_ADMIN_URL: `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`, KASSA_ADMIN_TOKEN: 'token-of-the-admin-0123456789' };
  const code = await runCli(['partners', 'list'], { env, out: (l) => out.push(l), err: (l) => err.push(l) });
  expect([code, err.join('\n')]).toEqual([2, expect.stringContaining('badclickfake line')]);
  for (const line of [...out, ...err]) expect(line).not.toMatch(CONTROL);
});
