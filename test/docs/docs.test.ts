import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directiveValues, hasDirective, type Snippet, snippetsOf } from './doc-snippets.js';
import { checkVariables, type DocsWorld, languageOf, type Ran, type Running, runData, runPython, runShell, runTypeScript, serverUp, start, where } from './run-snippets.js';
import { bannerVariables } from '../../packages/app/src/cli/start-banner.js';
import { waitForOutput } from '../../packages/devkit/src/servers/output.js';

// The docs are tests: every code block of README.md, docs/ and the SDKs' READMEs runs here, in
// order, against a Kassa started as the quick start starts it (`npm start`), with the variables its
// start banner prints, or says on its first line why it is not run (the reviewed list below).
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const FILES = [
  'README.md',
  ...readdirSync(join(REPO, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`)
    .sort(),
  'clients/python/README.md',
  'packages/merchant-client/README.md',
  'packages/cli/README.md',
];

/** The blocks that do not run here, by file, with the reason each shows its reader: a change to this list is a reviewed change. */
const NOT_RUN: Record<string, string[]> = {
  'README.md': ['it is the test command itself: the docs test runs inside it'],
  'docs/development.md': ['it is the test command itself: the docs test runs inside it'],
  'docs/embedders/embedding.md': ["it is a test file of your storage's; the MongoDB adapter's (named above) runs it in the test command"],
  'docs/operations.md': ["needs MongoDB's database tools (mongodump, mongorestore), which this machine cannot install"],
  'docs/operators/production.md': [
    "it needs the official images of Redis, MongoDB, Prometheus and Grafana, which these machines cannot pull; release.test.ts runs the image as an api and a worker on MongoDB and Redis, and test/compose.test.ts reads this compose file and its env file through podman-compose and the configuration's schema",
    'see the first block of this page',
    'see the first block of this page',
  ],
  'docs/operators/releasing.md': [
    "it rewrites the checkout's versions in place; test/set-version.test.ts runs it on a copy of the files it changes",
    'the release test (packages/app/test/release.test.ts) runs the script into a temporary folder and checks what it makes',
  ],
  'docs/operators/upgrading.md': ["needs MongoDB's database tools (mongodump, mongorestore) and a replica set, which this machine cannot install"],
  'docs/merchants/sdks.md': ['it rewrites clients/python in place; python-sdk.test.ts runs the same script into a temporary folder and compares'],
  'docs/merchants/widget-and-pages.md': ["a merchant's page; the widget tests (widget.browser.test.ts) mount the widget this way in Chromium"],
  'packages/merchant-client/README.md': ['it installs the published tarball, which the SDK tests install from its packing in an empty project'],
  'packages/cli/README.md': ['it installs the published tarball, which the CLI tests install from its packing in an empty project'],
};

/** What the test command's own environment must not hand the snippets (its servers, its vitest). */
const inherited = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !/^(KASSA_|MONGO|REDIS|VITEST|OTEL_)/.test(e[0]) && e[0] !== 'NODE_OPTIONS'));

let kassa: Running;
let env: Record<string, string>;
const dataDir = mkdtempSync(join(tmpdir(), 'kassa-docs-data-'));

beforeAll(async () => {
  const ports = { KASSA_API_PORT: '0', KASSA_PCI_PORT: '0', KASSA_WIDGET_PORT: '0', KASSA_SUBS_PORT: '0', KASSA_ADMIN_PORT: '0' };
  kassa = start('npm', ['start'], { repo: REPO, work: REPO, env: { ...inherited(), ...ports, KASSA_DATA_DIR: dataDir } });
  await waitForOutput(kassa.child, '\nNext: ', 120_000, { seen: kassa.output() }).catch(() => undefined);
  const banner = kassa.output();
  expect(banner, banner).toContain('\nNext: ');
  const venv = join(REPO, '.kassa', 'merchant-venv', 'bin');
  // Exactly what the banner exports, the admin API's token included: nothing the quick start does not give.
  env = { ...inherited(), PATH: `${venv}:${process.env['PATH']}`, ...bannerVariables(banner) };
  expect(Object.keys(env)).toEqual(expect.arrayContaining(['KASSA_API_URL', 'KASSA_PASSWORD', 'KASSA_WEBHOOK_SECRET', 'KASSA_SUBSCRIPTION_SECRET', 'KASSA_ADMIN_TOKEN']));
}, 150_000);

afterAll(async () => {
  await kassa?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The snippet a program's output was in when it failed: the last mark it printed. */
const lastMark = (out: string): string => [...out.matchAll(/^docs-snippet (\S+)$/gm)].at(-1)?.[1] ?? 'its first snippet';

async function runFile(file: string): Promise<void> {
  const snippets = snippetsOf(join(REPO, file)).map((s) => ({ ...s, file }));
  const world: DocsWorld = { repo: REPO, env, work: mkdtempSync(join(REPO, '.kassa', 'docs-test-')) };
  const background: Running[] = [];
  const servers: [Snippet, Running][] = [];
  const pending: Record<'typescript' | 'python', Snippet[]> = { typescript: [], python: [] };
  const lastOf = (lang: 'typescript' | 'python') => snippets.filter((s) => !s.notRun && languageOf(s) === lang && !hasDirective(s, 'background')).at(-1);
  const name = file.replaceAll('/', '-').replace(/\.md$/, '');
  try {
    for (const s of snippets) {
      if (s.notRun) continue;
      if (hasDirective(s, 'quick-start')) {
        // The harness started Kassa with this block's `npm start` (the test command ran `npm ci` already).
        expect(s.code.trim(), where(s)).toBe('npm ci && npm start');
        continue;
      }
      if (hasDirective(s, 'variables')) {
        checkVariables(s);
        continue;
      }
      const lang = languageOf(s);
      if (lang === 'shell') await runShell(s, world, background);
      else if (lang === 'typescript' || lang === 'python') {
        const runner = lang === 'typescript' ? runTypeScript : runPython;
        if (hasDirective(s, 'background')) {
          const server = (await runner([s], world, `${name}-${s.line}`)) as Running;
          servers.push([s, server]);
          await serverUp(s, server);
          continue;
        }
        pending[lang].push(s);
        if (lastOf(lang) !== s) continue;
        const ran = (await runner(pending[lang], world, `${name}-${lang}`)) as Ran;
        if (ran.code !== 0) throw new Error(`${lastMark(ran.out)} (${lang}) failed, exit ${ran.code}\n--- its output ---\n${ran.out.slice(-4000)}`);
        for (const p of pending[lang])
          for (const text of directiveValues(p, 'expect')) if (!ran.out.includes(text)) throw new Error(`${where(p)}: expected ${JSON.stringify(text)} in its output\n${ran.out.slice(-4000)}`);
      } else await runData(s, world);
    }
    for (const [s, server] of servers) {
      const wanted = directiveValues(s, 'expect');
      // Until it has written them all, or has exited, or 30 s: the check below names what is missing.
      await waitForOutput(server.child, () => wanted.every((t) => server.output().includes(t)), 30_000, { seen: server.output() }).catch(() => undefined);
      for (const text of wanted)
        if (!server.output().includes(text)) throw new Error(`${where(s)}: expected ${JSON.stringify(text)} in the output of the server it starts\n${server.output().slice(-4000)}`);
    }
  } finally {
    await Promise.all([...background, ...servers.map(([, r]) => r)].map((r) => r.stop()));
    rmSync(world.work, { recursive: true, force: true });
  }
}

describe('the docs run as written', { timeout: 600_000 }, () => {
  it('every block not run says why, and the reasons are the reviewed list', () => {
    const found: Record<string, string[]> = {};
    for (const file of FILES) {
      const reasons = snippetsOf(join(REPO, file)).flatMap((s) => (s.notRun ? [s.notRun] : []));
      if (reasons.length > 0) found[file] = reasons;
    }
    expect(found).toEqual(NOT_RUN);
  });

  it.each(FILES)('%s', async (file) => {
    await runFile(file);
  });
});

describe('the docs runner fails where a snippet fails', () => {
  const fixture = ['# A page', '', '```sh', 'echo one', '```', '', '<!-- docs-test: expect "two" -->', '```sh', 'echo three', '```', '', '```sh', 'exit 3', '```', ''].join('\n');
  it('reads blocks with their lines and directives, and names the file and line of a failure', async () => {
    const snippets = snippetsOf('page.md', fixture);
    expect(snippets.map((s) => [s.line, s.code, s.directives])).toEqual([
      [3, 'echo one', []],
      [8, 'echo three', ['expect "two"']],
      [12, 'exit 3', []],
    ]);
    const world: DocsWorld = { repo: REPO, env: inherited(), work: REPO };
    await runShell(snippets[0] as Snippet, world, []);
    await expect(runShell(snippets[1] as Snippet, world, [])).rejects.toThrow(/^page\.md:8 \(sh\): expected "two" in its output/);
    await expect(runShell(snippets[2] as Snippet, world, [])).rejects.toThrow(/^page\.md:12 \(sh\): exited 3/);
  });
});
