#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runFuzz } from './fuzz-session.js';
import { logProblems } from './invariants.js';
import { FUZZ_PARTNER, startKassaProcess } from './kassa-process.js';

/**
 * `npm run fuzz -- [--requests N] [--seconds T] [--seed S] [--no-schemathesis]`: the hostile-input
 * generators of the test command for a longer run against Kassa started as its own process, then
 * schemathesis against the served OpenAPI document. Prints counts by status; exits non-zero on any
 * broken invariant, 5xx or schema violation.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '1800' },
      seed: { type: 'string', default: String(Date.now() % 1_000_000) },
      'schemathesis-examples': { type: 'string', default: '100' },
      'no-schemathesis': { type: 'boolean', default: false },
    },
  });
  const options = { requests: Number(values.requests), seconds: Number(values.seconds), seed: Number(values.seed) };
  const kassa = await startKassaProcess();
  const started = Date.now();
  let failed = false;
  try {
    console.log(`fuzz: ${options.requests} requests or ${options.seconds} s, seed ${options.seed}`);
    const report = await runFuzz(kassa, options);
    const seconds = (Date.now() - started) / 1000;
    console.log(`fuzz: ${report.sent} requests answered in ${seconds.toFixed(0)} s (${(report.sent / seconds).toFixed(0)}/s), ${report.batches} batches, process alive: ${kassa.alive()}`);
    console.log(`fuzz: by status ${JSON.stringify(sorted(report.byStatus))}`);
    console.log(`fuzz: by body ${JSON.stringify(sorted(report.byBody))}`);
    if (!values['no-schemathesis']) failed = !runSchemathesis(kassa.urls.api, values['schemathesis-examples']) || failed;
    if (!kassa.alive()) report.problems.push('the process is not alive at the end');
    const exit = await kassa.stop();
    const stderr = kassa.stderr();
    const logs = logProblems([...kassa.lines, ...stderr.split('\n')], report.cardNumbers, report.signatures, FUZZ_PARTNER.password, report.tokens, report.secrets);
    if (stderr !== '') report.problems.push(`the process wrote to stderr: ${stderr.slice(0, 300)}`);
    console.log(`fuzz: ${kassa.lines.length} log lines checked, exit code ${exit}`);
    const problems = [...report.problems, ...logs.slice(0, 50)];
    for (const p of problems) console.log(`PROBLEM ${p}`);
    return problems.length > 0 || failed || exit !== 0 ? 1 : 0;
  } finally {
    await kassa.stop();
  }
}

const sorted = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));

/** schemathesis (installed into .kassa/venv by scripts/ensure-schemathesis.sh) against the API host. */
function runSchemathesis(apiUrl: string, examples: string): boolean {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const install = spawnSync('bash', [join(root, 'scripts/ensure-schemathesis.sh')], { stdio: 'inherit' });
  if (install.status !== 0) return false;
  const statusDir = mkdtempSync(join(tmpdir(), 'kassa-st-'));
  const statusFile = join(statusDir, 'statuses.json');
  const run = spawnSync('bash', [join(root, 'scripts/fuzz/run-schemathesis.sh'), apiUrl], {
    stdio: 'inherit',
    // Project 2 does not require client_ip, which the document cannot say per project.
    env: {
      ...process.env,
      KASSA_FUZZ_LOGIN: FUZZ_PARTNER.login,
      KASSA_FUZZ_PASSWORD: FUZZ_PARTNER.password,
      KASSA_FUZZ_STATUS_FILE: statusFile,
      KASSA_FUZZ_EXAMPLES: examples,
      KASSA_FUZZ_PROJECT_ID: '2',
    },
  });
  const statuses = existsSync(statusFile) ? readFileSync(statusFile, 'utf8') : '{}';
  rmSync(statusDir, { recursive: true, force: true });
  console.log(`schemathesis: by status ${statuses.trim()}; exit code ${run.status}`);
  return run.status === 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
