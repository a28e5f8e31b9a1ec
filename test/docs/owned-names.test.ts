import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { kassaProgram } from '../../packages/app/src/cli/program.js';
import { workspaceFolders } from '../../scripts/workspaces.mjs';
import { buildInfo } from '../../packages/app/src/version.js';

// Names anyone can claim: a doc that says `npm install <name>`, `npx <name>` or `pip install <name>`
// for a name the project does not own hands whoever registers it a shell with KASSA_PASSWORD or
// KASSA_ADMIN_TOKEN in its environment. Every install or run line of the docs, the READMEs, the
// examples and the `kassa` command's help names the project's own packages (`@kassa-payments/*`, the
// Python distribution `kassa-payments-client`), a local path or tarball, or a tool of the reviewed
// list below; and the unclaimed `@kassa/` scope and the old Python name are nowhere.
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const under = (folder: string, keep: (f: string) => boolean) =>
  existsSync(join(REPO, folder))
    ? readdirSync(join(REPO, folder), { recursive: true, encoding: 'utf8' })
        .filter((f) => keep(f) && !f.split('/').some((part) => part === 'node_modules' || part === '__pycache__' || part.endsWith('.egg-info') || part === 'build'))
        .map((f) => `${folder}/${f}`)
    : [];
const isText = (f: string) => /\.(md|mjs|js|ts|py|sh|txt)$/.test(f);
const FILES = [
  'README.md',
  'CHANGELOG.md',
  ...under('docs', (f) => f.endsWith('.md')),
  ...under('deploy', (f) => f.endsWith('.md')),
  ...readdirSync(join(REPO, 'clients')).flatMap((c) => [`clients/${c}/README.md`, ...under(`clients/${c}/examples`, isText)]),
  ...[...workspaceFolders().values()].map((p) => `${p}/README.md`),
  ...under('examples', isText),
  // The command's own texts: its entry's message and its sources' (help and error messages).
  'packages/app/bin/kassa.js',
  ...under('packages/app/src/cli', (f) => f.endsWith('.ts')),
  'packages/cli/bin/kassa.js',
  ...under('packages/cli/src', (f) => f.endsWith('.ts')),
]
  .filter((f) => existsSync(join(REPO, f)))
  .sort();

type Ecosystem = 'npm' | 'pypi';
/** How a command line names what it installs or runs: every word (install), or the first one (run: the rest are the command's arguments). */
interface Installer {
  readonly pattern: RegExp;
  readonly ecosystem: Ecosystem;
  readonly names: 'all' | 'first';
}
const INSTALLERS: readonly Installer[] = [
  { pattern: /\bnpm\s+(?:install|i|add)\b/g, ecosystem: 'npm', names: 'all' },
  { pattern: /\b(?:npx|npm\s+exec|pnpm\s+dlx|yarn\s+dlx)\b/g, ecosystem: 'npm', names: 'first' },
  { pattern: /\b(?:pnpm|yarn)\s+add\b/g, ecosystem: 'npm', names: 'all' },
  { pattern: /\b(?:python3?\s+-m\s+)?pip3?\s+install\b/g, ecosystem: 'pypi', names: 'all' },
  { pattern: /\bpipx\s+(?:install|run)\b|\buvx\b/g, ecosystem: 'pypi', names: 'first' },
];
/** Options whose next word is their value (not a package), by ecosystem; `-p`/`--package` and `-e`/`--editable` name one. */
const VALUED: Record<Ecosystem, readonly string[]> = {
  npm: ['--registry', '--prefix', '--workspace', '-w', '--cache', '--tag', '--omit', '--include', '--call', '-c'],
  pypi: ['-r', '--requirement', '-c', '--constraint', '-t', '--target', '-i', '--index-url', '--extra-index-url', '-f', '--find-links', '--prefix', '--root'],
};
const NAMING = ['-p', '--package', '-e', '--editable'];

/**
 * The third-party names the docs may tell a reader to install or run, each with why that is safe:
 * a change to this list is a reviewed change. `npx` names are the checkout's own binaries (checked
 * below to be in its node_modules/.bin, so npx runs them without asking a registry).
 */
const ALLOWED: Record<string, string> = {
  'npx kassa':
    "the checkout's own command: the root depends on @kassa-payments/app, whose bin is node_modules/.bin/kassa (proved below with the registry closed); outside a checkout the docs name the project's packages",
  'npx tsc': "TypeScript's compiler, a devDependency of the root, run in the checkout (node_modules/.bin/tsc)",
  'npm standardwebhooks': "the Standard Webhooks project's own JavaScript library (the spec's webhook format), pinned in the root's devDependencies",
  'pypi standardwebhooks': "the Standard Webhooks project's own Python library, a dependency of kassa-payments-client",
};

/** A local path, a tarball or a wheel: nothing a registry serves. */
const local = (spec: string) => /^(\.{1,2}\/|\/|~|file:)/.test(spec) || /\.(tgz|tar\.gz|whl|zip)$/.test(spec);
/** The registry name a spec asks for: `@scope/name@1.2` → `@scope/name`; `name[extra]==1.0` → `name` (PyPI folds `_` and `.` into `-`). */
const nameOf = (spec: string, ecosystem: Ecosystem) =>
  ecosystem === 'npm'
    ? spec.replace(/(?<=.)@.*$/, '')
    : spec
        .replace(/[[<>=!~;@].*$/, '')
        .toLowerCase()
        .replace(/[._]+/g, '-');
const owned = (name: string, ecosystem: Ecosystem) => (ecosystem === 'npm' ? /^@kassa-payments\/[a-z0-9-]+$/.test(name) : name === 'kassa-payments-client');

interface Named {
  readonly command: string;
  readonly ecosystem: Ecosystem;
  /** Run (npx, pipx run): the name is a command's, which a checkout may have as its own binary. */
  readonly run: boolean;
  readonly spec: string;
}

/** What the line's command installs or runs: its words up to the end of the command (a comment, a pipe, the inline code's backtick, ...). */
function namedBy(line: string): Named[] {
  const found: Named[] = [];
  for (const installer of INSTALLERS) {
    for (const match of line.matchAll(installer.pattern)) {
      const rest = line.slice((match.index ?? 0) + match[0].length).split(/[`#;|&)"'<>]|\\n|\$\{/)[0] ?? '';
      const words = rest.split(/\s+/).filter(Boolean);
      const command = match[0].replace(/\s+/g, ' ');
      const named = (spec: string): Named => ({ command, ecosystem: installer.ecosystem, run: installer.names === 'first', spec });
      for (let i = 0; i < words.length; i++) {
        const word = words[i] as string;
        if (NAMING.includes(word)) {
          const value = words[++i];
          if (value) found.push(named(value));
          continue;
        }
        const assigned = /^(?:--package|--editable)=(.+)$/.exec(word);
        if (assigned) {
          found.push(named(assigned[1] as string));
          continue;
        }
        if (VALUED[installer.ecosystem].includes(word)) {
          i++;
          continue;
        }
        if (word.startsWith('-')) continue;
        // Prose after the command (a sentence about `npm install`) is no package: a name is lower-case letters, digits, `@/._-`.
        if (!/^[@a-z0-9./~_:-][\w@/.~:[\]=<>!-]*$/i.test(word) || /[.,:]$/.test(word)) break;
        found.push(named(word));
        if (installer.names === 'first') break;
      }
    }
  }
  return found;
}

/** Every command's help, as `kassa <command> --help` prints it. */
function helpTexts(): string[] {
  const texts: string[] = [];
  const walk = (command: Command) => {
    texts.push(command.helpInformation());
    for (const sub of command.commands) walk(sub);
  };
  walk(kassaProgram({ env: {}, out: () => undefined, err: () => undefined }));
  return texts;
}

/** The offences of a text: install or run lines naming a name the project does not own, the `@kassa/` scope, the old Python name. */
function offences(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const where = `${file}:${i + 1}`;
    const bad: string[] = [];
    for (const { command, ecosystem, run, spec } of namedBy(line)) {
      if (local(spec)) continue;
      const name = nameOf(spec, ecosystem);
      const key = `${run ? (ecosystem === 'npm' ? 'npx' : 'pipx') : ecosystem} ${name}`;
      if (!owned(name, ecosystem) && !(key in ALLOWED)) bad.push(`${where}: \`${command} ${spec}\` names ${name}, which the project does not own`);
    }
    if (/@kassa\//.test(line)) bad.push(`${where}: names a package of the @kassa scope, which the project does not own: ${line.trim().slice(0, 120)}`);
    // Removing the old distribution runs nothing of anyone's: the changelog says how.
    if (/(?<![\w-])kassa-client(?![\w-])/i.test(line.replace(/\bpip3?\s+uninstall\s+(-y\s+)?kassa-client\b/g, ''))) {
      bad.push(`${where}: names the Python distribution kassa-client, unclaimed on PyPI (the project's is kassa-payments-client): ${line.trim().slice(0, 120)}`);
    }
    return bad;
  });
}

describe('the docs name only what the project owns', () => {
  it('reads the files it should: the READMEs, every doc, the changelog, the examples, the command', () => {
    for (const f of [
      'README.md',
      'CHANGELOG.md',
      'docs/decisions.md',
      'docs/embedders/embedding.md',
      'clients/python/README.md',
      'packages/merchant-client/README.md',
      'packages/app/src/cli/program.ts',
      'packages/cli/README.md',
      'packages/cli/src/merchant-commands.ts',
    ]) {
      expect(FILES).toContain(f);
    }
    expect(FILES.filter((f) => f.startsWith('examples/')).length).toBeGreaterThan(3);
  });

  it('finds what it looks for (the scanner itself)', () => {
    const found = (line: string) => offences('x.md', line).length;
    for (const line of [
      'npx kassa-cli start',
      'run `npm install @kassa/domain @kassa-payments/adapters-memory` then',
      'pip install kassa-client',
      'python -m pip install kassa_client==0.1.0',
      'npm i -D left-pad',
      'npx --yes --package=kassa-tools kassa',
      'pnpm dlx kassa-admin',
      'yarn add @kassa-payments/domain lodash',
      'pipx run kassa',
      'on PyPI as kassa-client once published',
    ]) {
      expect(found(line), line).toBeGreaterThan(0);
    }
    for (const line of [
      'npx kassa trigger payment.updated',
      'npm install ./kassa-payments-merchant-client-0.1.0.tgz   # made by the pack script',
      'pip install ./clients/python',
      'npm install @kassa-payments/domain @kassa-payments/adapters-memory',
      'pip install standardwebhooks',
      'npx tsc -b && node scripts/pack-merchant-client.mjs',
      'A later `npm install` may drop them again',
      'from kassa_client.api.invoices import create_invoice',
      'pip install kassa-payments-client',
    ]) {
      expect(offences('x.md', line), line).toEqual([]);
    }
  });

  it('every install or run line names @kassa-payments/*, kassa-payments-client, a local path or tarball, or a reviewed tool; no @kassa/ scope, no kassa-client', () => {
    const found = [...FILES.flatMap((f) => offences(f, readFileSync(join(REPO, f), 'utf8'))), ...helpTexts().flatMap((text, i) => offences(`kassa help #${i}`, text))];
    expect(found).toEqual([]);
  });

  it("the Python distribution is the project's name; each reviewed npx tool is a binary of the checkout", () => {
    expect(/^name = "([^"]+)"$/m.exec(readFileSync(join(REPO, 'clients/python/pyproject.toml'), 'utf8'))?.[1]).toBe('kassa-payments-client');
    for (const key of Object.keys(ALLOWED).filter((k) => k.startsWith('npx '))) expect(existsSync(join(REPO, 'node_modules/.bin', key.slice(4))), key).toBe(true);
  });
});

describe("`npx kassa` in a checkout is the checkout's own command", { timeout: 60_000 }, () => {
  // npm's registry at a closed port and npm offline: any registry lookup fails, so an answer proves none was made.
  const closed = { ...process.env, npm_config_registry: 'http://127.0.0.1:9', npm_config_offline: 'true', npm_config_yes: 'true' };
  const npx = (cwd: string) => promisify(execFile)('npx', ['kassa', '--version'], { cwd, env: closed, encoding: 'utf8' });

  it('answers its version with the registry unreachable (the root depends on @kassa-payments/app, whose bin it runs)', async () => {
    // The version only: the commit is read from git by the built app, which a parallel commit may move.
    expect((await npx(REPO)).stdout.trim()).toMatch(new RegExp(`^kassa ${buildInfo().version.replaceAll('.', '\\.')} \\(commit [0-9a-f]{7,40}\\)$`));
    expect(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).dependencies).toHaveProperty('@kassa-payments/app');
  });

  it('and outside a checkout the same line would have asked the registry (so the one above proves the lookup was local)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kassa-npx-'));
    try {
      await expect(npx(empty)).rejects.toMatchObject({ stderr: expect.stringMatching(/ENOTCACHED|ECONNREFUSED|127\.0\.0\.1:9/) });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
