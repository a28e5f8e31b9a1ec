import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ListenerName } from '@kassa-payments/app';
import { FREE_PORTS } from '../servers/free-ports.js';
import { waitForOutput, type WantedOutput } from '../servers/output.js';

/** The admin API's bearer token of the fuzzed process: hex, so that the log check finds it as it finds signatures. */
export const FUZZ_ADMIN_TOKEN = 'f0'.repeat(32);

/** The partner the fuzzer signs as: its project 1 needs client_ip, project 2 does not. */
export const FUZZ_PARTNER = { login: 'fuzz', password: 'fuzz-password-0c7e1d', projects: [1, 2], subscriptionSecret: 'whsec_ZnV6ei1zdWJzY3JpcHRpb24tc2VjcmV0LTViMWU=' } as const;

/** The projects the fuzzer calls the subscription service on: project 1 takes the spec's signature (v1), project 2 the document's (v2). */
export const FUZZ_SUBSCRIPTION_PROJECTS = [
  { id: 1, signature: 'v1' },
  { id: 2, signature: 'v2' },
] as const;

const SEED = {
  partners: [
    {
      login: FUZZ_PARTNER.login,
      password: FUZZ_PARTNER.password,
      testCallbackAllowed: true,
      projects: [
        { id: 1, defaultPrice: { amount: '10.00', currency: 'RUB' }, paymentMethods: ['sbp', 'sberpay_desktop', 'tpay_mobile'], subscriptionSecret: FUZZ_PARTNER.subscriptionSecret },
        { id: 2, clientIpRequired: false, defaultPrice: { amount: '10.00', currency: 'RUB' }, subscriptionSecret: FUZZ_PARTNER.subscriptionSecret, subscriptionSignature: 'v2' },
      ],
    },
  ],
};

/** Kassa as its own process (npm start's entry, from the build), with every log line it writes. */
export interface KassaProcess {
  readonly urls: Readonly<Record<ListenerName, string>>;
  /** Every line written to stdout so far (the JSON log, and the start banner). */
  readonly lines: readonly string[];
  /** Everything written to stderr so far: nothing, while Kassa is healthy. */
  stderr(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  /**
   * Waits for `wanted` in what it wrote (stdout's lines and stderr, those written before the call
   * included): resolves on the write that completes it; rejects when it exits without it or after `ms`.
   */
  waitForOutput(wanted: WantedOutput, ms: number): Promise<void>;
  /** SIGKILL, as in a crash: nothing is finished or flushed. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit and removes the seed's folder; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** npm start's entry, from devkit's src/fuzz or dist/fuzz alike: packages/app/dist/main.js (the test command builds it first). */
const MAIN = fileURLToPath(new URL('../../../app/dist/main.js', import.meta.url));
/** How long a start may take before the test says it failed, unless told (see the loop below). */
const START_WITHIN_MS = 60_000;

export async function startKassaProcess(
  env: Record<string, string> = {},
  options: {
    readonly seed?: unknown;
    /** How long the start may take (default 60 s): shorter for a test that expects it never to start. */
    readonly startWithinMs?: number;
    /**
     * A line that says the start will not come (a worker waiting for a Redis it cannot reach): once
     * written, the start is refused at once, naming the line, instead of waited out.
     */
    readonly failOn?: RegExp;
    /** The entry to run (default: this checkout's packages/app/dist/main.js): another release's, for the upgrade test. */
    readonly main?: string;
  } = {},
): Promise<KassaProcess> {
  const within = options.startWithinMs ?? START_WITHIN_MS;
  const dir = mkdtempSync(join(tmpdir(), 'kassa-fuzz-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(options.seed ?? SEED));
  const child: ChildProcess = spawn(process.execPath, [options.main ?? MAIN], {
    env: {
      ...process.env,
      ...FREE_PORTS,
      KASSA_DATA_DIR: '',
      KASSA_ADMIN_TOKEN: FUZZ_ADMIN_TOKEN,
      KASSA_SEED_FILE: seedFile,
      KASSA_LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stdout?.on('data', (d: Buffer) => {
    const text = partial + d.toString('utf8');
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );

  const output = () => `${[...lines, partial].join('\n')}\n${stderr}`;
  let urls: Record<ListenerName, string> | undefined;
  try {
    const startedLine = () => lines.find((l) => l.includes('"msg":"kassa started"'));
    const refusal = () => (options.failOn ? lines.find((l) => options.failOn?.test(l)) : undefined);
    // A bound on failure, not a wait: a healthy start takes a second or two, a loaded 2-core machine
    // running the whole suite has been seen past 15 s. The last lines say where a start stopped.
    await waitForOutput(child, () => startedLine() !== undefined || refusal() !== undefined, within, { seen: output() }).catch((e: unknown) => {
      if (exitCode !== undefined || child.exitCode !== null) throw new Error(`kassa exited at start (${exitCode ?? child.exitCode}): ${stderr}`, { cause: e });
      throw new Error(`kassa did not start within ${within / 1000} s: ${stderr}\nlast lines: ${lines.slice(-5).join('\n')}`, { cause: e });
    });
    const line = startedLine();
    if (line === undefined) throw new Error(`kassa did not start: it wrote ${refusal()}`);
    urls = (JSON.parse(line) as { urls: Record<ListenerName, string> }).urls;
  } catch (err) {
    // One that never started is not left running behind the test.
    if (exitCode === undefined) child.kill('SIGKILL');
    removeDir();
    throw err;
  }
  return {
    urls,
    lines,
    stderr: () => stderr,
    alive: () => exitCode === undefined,
    async waitForOutput(wanted, ms) {
      await waitForOutput(child, typeof wanted === 'function' ? () => wanted(output()) : (): boolean => (typeof wanted === 'string' ? output().includes(wanted) : wanted.test(output())), ms, {
        seen: output(),
      });
    },
    async kill() {
      if (exitCode === undefined) child.kill('SIGKILL');
      await exited;
      removeDir();
    },
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM');
      const code = await exited;
      removeDir();
      return code;
    },
  };
}
