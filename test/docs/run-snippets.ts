import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { transformSync } from '@swc/core';
import { vi } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { configSchema } from '../../packages/app/src/config.js';
import { directiveValues, hasDirective, type Snippet } from './doc-snippets.js';

/** Where the docs' snippets run: the checkout, the environment the start banner gave, a folder of the file's own. */
export interface DocsWorld {
  readonly repo: string;
  readonly env: Readonly<Record<string, string>>;
  /** A folder for the file's programs and the `in-temp-folder` blocks. */
  readonly work: string;
}

export interface Ran {
  readonly code: number | null;
  readonly out: string;
}

/** A process of its own group (npx starts node under it): killed whole. */
export interface Running {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export function start(command: string, args: readonly string[], world: DocsWorld, options: { cwd?: string; input?: string } = {}): Running {
  const child = spawn(command, args, { cwd: options.cwd ?? world.repo, env: world.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  // A command that exits without reading its input must not fail the run with EPIPE.
  child.stdin?.on('error', () => {});
  child.stdin?.end(options.input ?? '');
  const exited = new Promise<number | null>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : null))));
  return {
    child,
    output: () => out,
    exited,
    async stop() {
      // The whole group, whether its leader is still there or not: a command's own `&` children hold
      // its pipes (and `close` waits for them) after the leader has gone.
      const signal = (name: NodeJS.Signals) => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, name);
        } catch {}
      };
      signal('SIGINT');
      const late = setTimeout(() => signal('SIGKILL'), 5_000);
      const code = await exited;
      clearTimeout(late);
      return code;
    },
  };
}

export async function run(command: string, args: readonly string[], world: DocsWorld, options: { cwd?: string; input?: string; timeoutMs?: number } = {}): Promise<Ran> {
  const running = start(command, args, world, options);
  const timer = setTimeout(() => void running.stop(), options.timeoutMs ?? 240_000);
  const code = await running.exited;
  clearTimeout(timer);
  return { code, out: running.output() };
}

/** Until `done` holds, or `ms` passed (the caller's check then names what is missing). */
const until = (done: () => boolean, ms: number): Promise<void> =>
  vi.waitUntil(done, { timeout: ms, interval: 100 }).then(
    () => undefined,
    () => undefined,
  );

export const where = (s: Snippet): string => `${s.file}:${s.line}`;
const failed = (s: Snippet, why: string, out = ''): Error => new Error(`${where(s)} (${s.lang}): ${why}${out ? `\n--- its output ---\n${out.slice(-4000)}` : ''}`);

/** Every text an `expect` directive names must be in the output. */
function checkExpected(s: Snippet, out: string): void {
  for (const text of directiveValues(s, 'expect')) if (!out.includes(text)) throw failed(s, `expected ${JSON.stringify(text)} in its output`, out);
}

const LANGUAGES = {
  shell: ['sh', 'bash', 'shell'],
  typescript: ['ts', 'typescript', 'js', 'javascript', 'mjs'],
  python: ['python', 'py'],
} as const;
export const languageOf = (s: Snippet): 'shell' | 'typescript' | 'python' | 'other' =>
  (Object.entries(LANGUAGES).find(([, names]) => (names as readonly string[]).includes(s.lang))?.[0] as 'shell' | 'typescript' | 'python' | undefined) ?? 'other';

/** A shell block, as one script; in `terminals` blocks each line in a terminal of its own. */
export async function runShell(s: Snippet, world: DocsWorld, background: Running[]): Promise<void> {
  const cwd = hasDirective(s, 'in-temp-folder') ? world.work : world.repo;
  if (hasDirective(s, 'terminals')) return runTerminals(s, world, cwd, background);
  const ran = await run('bash', ['-euo', 'pipefail', '-c', s.code], world, { cwd });
  if (ran.code !== 0) throw failed(s, `exited ${ran.code}`, ran.out);
  checkExpected(s, ran.out);
}

/**
 * Each command line in its own terminal, started in order, as a newcomer opens them: a command that
 * keeps running (listen, logs tail) is given until its first line of output before the next starts;
 * the last one must finish with 0, and every `expect` must then show in the block's output.
 */
async function runTerminals(s: Snippet, world: DocsWorld, cwd: string, background: Running[]): Promise<void> {
  const lines = s.code.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  const terminals: Running[] = [];
  const output = () => terminals.map((t) => t.output()).join('\n');
  for (const [n, line] of lines.entries()) {
    const terminal = start('bash', ['-euo', 'pipefail', '-c', line], world, { cwd });
    terminals.push(terminal);
    // Stopped with the file's other processes whatever happens next, a failure of a later line included.
    background.push(terminal);
    if (n === lines.length - 1) {
      const timer = setTimeout(() => void terminal.stop(), 120_000);
      const code = await terminal.exited;
      clearTimeout(timer);
      if (code !== 0) throw failed(s, `\`${line}\` exited ${code}`, output());
    } else {
      let done = false;
      void terminal.exited.then(() => (done = true));
      await until(() => done || terminal.output().length > 0, 30_000);
      if (done && (await terminal.exited) !== 0) throw failed(s, `\`${line}\` exited ${await terminal.exited}`, output());
    }
  }
  await until(() => directiveValues(s, 'expect').every((text) => output().includes(text)), 30_000);
  checkExpected(s, output());
}

/** The file's TypeScript and JavaScript snippets as one ES module, each marked so that a failure names its line. */
export async function runTypeScript(snippets: readonly Snippet[], world: DocsWorld, name: string): Promise<Running | Ran> {
  const modules = join(world.work, 'node_modules', '@kassa-payments');
  mkdirSync(modules, { recursive: true });
  // The merchant client under the name it is published with (its tarball's), as an installed project has it.
  if (!existsSync(join(modules, 'merchant-client'))) symlinkSync(join(world.repo, 'packages', 'merchant-client'), join(modules, 'merchant-client'), 'dir');
  const program = snippets
    .map((s) => {
      const js = transformSync(s.code, { filename: `${s.file}.ts`, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' }, isModule: true }).code;
      return `process.stderr.write(${JSON.stringify(`docs-snippet ${where(s)}\n`)});\n${js}`;
    })
    .join('\n');
  const file = join(world.work, `${name}.mjs`);
  writeFileSync(file, program);
  return snippets.some((s) => hasDirective(s, 'background')) ? start(process.execPath, [file], world) : run(process.execPath, [file], world, { timeoutMs: 120_000 });
}

/** The file's Python snippets in one interpreter, in order, each compiled under its own file and line. */
export async function runPython(snippets: readonly Snippet[], world: DocsWorld, name: string): Promise<Running | Ran> {
  const driver = join(world.work, `${name}.py`);
  const blocks = join(world.work, `${name}.json`);
  writeFileSync(blocks, JSON.stringify(snippets.map((s) => [where(s), `${'\n'.repeat(s.line)}${s.code}`])));
  writeFileSync(
    driver,
    [
      'import json, sys',
      `blocks = json.load(open(${JSON.stringify(blocks)}))`,
      'scope = {"__name__": "__main__"}',
      'for where, code in blocks:',
      '    print("docs-snippet " + where, file=sys.stderr, flush=True)',
      '    exec(compile(code, where.split(":")[0], "exec"), scope)',
    ].join('\n'),
  );
  return snippets.some((s) => hasDirective(s, 'background')) ? start('python3', ['-u', driver], world) : run('python3', ['-u', driver], world, { timeoutMs: 120_000 });
}

/** Names a `variables` block sets that Kassa reads: its own configuration's, OpenTelemetry's, Node's. */
export function checkVariables(s: Snippet): void {
  const known = new Set(Object.keys(configSchema.shape));
  const names = [...s.code.matchAll(/^\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);
  if (names.length === 0) throw failed(s, 'a `variables` block sets no variable');
  const unknown = names.filter((n) => !known.has(n) && !n.startsWith('OTEL_') && n !== 'NODE_EXTRA_CA_CERTS');
  if (unknown.length > 0) throw failed(s, `sets variables Kassa does not read: ${unknown.join(', ')}`);
}

/** Blocks that are data: XML well-formed (xmllint), JSON and YAML parsed, or given to the command the block names. */
export async function runData(s: Snippet, world: DocsWorld): Promise<void> {
  for (const command of directiveValues(s, 'stdin-of')) {
    const ran = await run('bash', ['-euo', 'pipefail', '-c', command], world, { cwd: world.work, input: s.code });
    if (ran.code !== 0) throw failed(s, `\`${command}\` with the block as its input exited ${ran.code}`, ran.out);
  }
  if (s.lang === 'xml') {
    const ran = await run('xmllint', ['--noout', '-'], world, { input: s.code });
    if (ran.code !== 0) throw failed(s, 'not well-formed XML', ran.out);
  } else if (s.lang === 'json') {
    try {
      JSON.parse(s.code);
    } catch (e) {
      throw failed(s, `not JSON: ${(e as Error).message}`);
    }
  } else if (s.lang === 'yaml' || s.lang === 'yml') {
    const errors = parseAllDocuments(s.code).flatMap((d) => ('errors' in d ? d.errors : []));
    if (errors.length > 0) throw failed(s, `not YAML: ${errors[0]?.message}`);
  } else {
    throw failed(s, `no way to run a ${s.lang} block: make it runnable, or say on its first line why it is not run by the docs test`);
  }
}

/** Whether something accepts connections on the port (a background server is up). */
const accepting = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Waits until a background server listens on its port (`background PORT`), failing if it exits or never does. */
export async function serverUp(s: Snippet, server: Running): Promise<void> {
  const port = Number(directiveValues(s, 'background')[0]);
  if (!Number.isInteger(port) || port <= 0) throw failed(s, 'a background block names the port its server listens on: `background 4242`');
  let exited = false;
  void server.exited.then(() => (exited = true));
  const listening = await vi
    .waitUntil(async () => exited || (await accepting(port)), { timeout: 30_000, interval: 100 })
    .then(
      () => !exited,
      () => false,
    );
  if (listening) return;
  throw failed(s, exited ? `its server exited (${await server.exited}) before listening on ${port}` : `nothing listens on ${port} after 30 s`, server.output());
}
