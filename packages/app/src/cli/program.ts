import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { buildInfo } from '../version.js';
import { adminCall, CliError, connectionFromEnv, EXIT } from './admin-client.js';
import { addStorageCommands } from './storage-commands.js';
import { addMerchantCommands, cleanedLines, integer, printer } from '@kassa-payments/cli';

// The app and the seed's checks are loaded only by the commands that need them: an admin command
// starts in a fraction of the time without the whole app's modules.
// Traces (OTEL_* variables) start before the server's modules load, so that their instrumentations patch them.
const runKassa = async (env: Record<string, string | undefined>) => {
  const tracing = await (await import('../telemetry/tracing.js')).startTracing(env);
  return (await import('./run-kassa.js')).runKassa(env, tracing);
};
const loadSeedFile = async (path: string, env: 'test' | 'production') => (await import('../seed.js')).loadSeedFile(path, env);

type Json = Record<string, unknown>;
type Out = (line: string) => void;

/** A time as the admin API takes it: an ISO time, or a duration (`30m`, `24h`, `7d`) from now, ahead or (`ago`) back. */
export function timeArgument(text: string, direction: 'ahead' | 'ago' = 'ahead', now = Date.now()): string {
  const duration = /^([0-9]{1,5})([mhd])$/.exec(text);
  if (duration) {
    const ms = Number(duration[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[duration[2] as 'm' | 'h' | 'd'];
    return new Date(direction === 'ahead' ? now + ms : now - ms).toISOString();
  }
  if (!Number.isNaN(Date.parse(text)) && /^\d{4}-\d{2}-\d{2}T/.test(text)) return text;
  throw new InvalidArgumentError('expected an ISO time (2026-12-01T00:00:00Z) or a duration from now (30m, 24h, 7d)');
}

/** A file's content (`-` reads standard input): secrets never go on the command line, where `ps` shows them. */
function readInput(path: string, what: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8').trim();
  } catch (e) {
    throw new CliError(`cannot read ${what} from ${path}: ${(e as Error).message}`, EXIT.usage);
  }
}

function readJson(path: string): Json {
  const text = readInput(path, 'the JSON');
  try {
    return JSON.parse(text) as Json;
  } catch (e) {
    throw new CliError(`${path} is not JSON: ${(e as Error).message}`, EXIT.usage);
  }
}

/** The new secret: from a file, or generated (then shown once, in the command's output: `generated_secret`). */
function newSecret(options: { newFile?: string; generate?: boolean }, kind: 'password' | 'webhook'): { readonly secret: string; readonly generated: boolean } {
  if (options.newFile && options.generate) throw new CliError('give --new-file or --generate, not both', EXIT.usage);
  if (options.newFile) return { secret: readInput(options.newFile, 'the new secret'), generated: false };
  if (!options.generate) throw new CliError('give the new secret with --new-file <path> (- for standard input), or --generate', EXIT.usage);
  return { secret: kind === 'password' ? randomBytes(24).toString('base64url') : `whsec_${randomBytes(32).toString('base64')}`, generated: true };
}

/** A generated secret, shown once with the answer (never by Kassa, which stores it sealed and shows `[set]`). */
const withGenerated = (data: unknown, fresh: { secret: string; generated: boolean }) => (fresh.generated ? { ...(data as Json), generated_secret: fresh.secret } : data);
const generatedLine = (fresh: { secret: string; generated: boolean }) => (fresh.generated ? [`new secret (shown once; hand it over a safe channel): ${fresh.secret}`] : []);

/** A page of an admin list. */
interface Page<T> {
  readonly items: T[];
  readonly next_cursor: string | null;
}

const partnerLine = (p: { login: string; test_callback_allowed: boolean; previous_password: { valid_until: string } | null }) =>
  `${p.login}${p.test_callback_allowed ? '  test-callbacks' : ''}${p.previous_password ? `  previous password valid until ${p.previous_password.valid_until}` : ''}`;
const projectLine = (p: { id: number; partner_login: string; active: boolean; webhook_url: string | null }) =>
  `${p.id}  ${p.partner_login}  ${p.active ? 'active' : 'inactive'}  ${p.webhook_url ?? '-'}`;

/** A seed-file project (camelCase fields) as the admin API takes it: snake_case. */
const wireFields = (o: Json): Json => Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));

/**
 * The `kassa` command: the app (`start`, `worker`), the seed file's check, and the admin API's
 * operations for operators (KASSA_ADMIN_URL, KASSA_ADMIN_TOKEN). Exit codes: 0 done, 1 a usage
 * mistake, 2 refused by the admin API, 3 Kassa unreachable or failing.
 */
export function kassaProgram(options: { env?: Record<string, string | undefined>; out?: Out; err?: Out; signal?: AbortSignal } = {}): Command {
  const env = options.env ?? process.env;
  // What a server says reaches the terminal through these two only, its control characters removed.
  const out = cleanedLines(options.out ?? ((line: string) => void process.stdout.write(`${line}\n`)));
  const err = cleanedLines(options.err ?? ((line: string) => void process.stderr.write(`${line}\n`)));
  const print = printer(out);
  const api = <T = Json>(method: string, path: string, body?: unknown) => adminCall<T>(connectionFromEnv(env), method, path, body);
  /** Every item of a list, page after page (100 a page). */
  const every = async <T>(path: string): Promise<T[]> => {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<T> = await api<Page<T>>('GET', `${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      items.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor !== null);
    return items;
  };
  const json = new Option('--json', 'print the answer as JSON');

  const program = new Command('kassa')
    .description('Kassa, the self-hostable payment service: run it, and operate it through its admin API (KASSA_ADMIN_URL, KASSA_ADMIN_TOKEN)')
    .version(`kassa ${buildInfo().version} (commit ${buildInfo().commit})`, '-V, --version', "print Kassa's version and the commit built")
    .showHelpAfterError()
    .exitOverride();
  if (options.err) program.configureOutput({ writeErr: (s) => options.err?.(s.trimEnd()), writeOut: (s) => out(s.trimEnd()) });

  program
    .command('start')
    .description('run Kassa (listeners and jobs), configured by KASSA_* variables')
    .action(() => runKassa(env));
  program
    .command('worker')
    .description(
      'run jobs only (KASSA_ROLE=worker; needs MONGO_URL and one Redis: REDIS_URL, KASSA_REDIS_SENTINELS with KASSA_REDIS_SENTINEL_MASTER, or KASSA_REDIS_CLUSTER_NODES); serves the admin listener',
    )
    .action(() => runKassa({ ...env, KASSA_ROLE: 'worker' }));

  const seed = program.command('seed').description('the seed file');
  seed
    .command('check')
    .argument('<file>', 'the seed file (JSON)')
    .addOption(new Option('--env <env>', 'check it as this environment would').choices(['test', 'production']).default('production'))
    .description('check a seed file as Kassa would at start; the first problem is named by its field')
    .action(async (file: string, o: { env: 'test' | 'production' }) => {
      try {
        const directory = await loadSeedFile(file, o.env);
        out(`${file}: ${directory.partners.length} partners, ${directory.projects.length} projects: valid`);
      } catch (e) {
        throw new CliError((e as Error).message, EXIT.refused);
      }
    });

  const partners = program.command('partners').description('partners (merchant accounts)');
  partners
    .command('list')
    .addOption(json)
    .action(async (o: { json?: boolean }) => {
      const data = await every<Parameters<typeof partnerLine>[0]>('/admin/v1/partners');
      print(o.json, data, (d: typeof data) => d.map(partnerLine));
    });
  partners
    .command('get')
    .argument('<login>')
    .addOption(json)
    .action(async (login: string, o: { json?: boolean }) => {
      const data = await api<Parameters<typeof partnerLine>[0]>('GET', `/admin/v1/partners/${encodeURIComponent(login)}`);
      print(o.json, data, (d: typeof data) => [partnerLine(d)]);
    });
  partners
    .command('create')
    .argument('<login>')
    .option('--password-file <path>', 'the signing password, from a file (- for standard input)')
    .option('--generate', 'generate the password (printed once)')
    .option('--test-callback-allowed', 'may name test_info.callback_url (test environment)')
    .addOption(json)
    .action(async (login: string, o: { passwordFile?: string; generate?: boolean; testCallbackAllowed?: boolean; json?: boolean }) => {
      const fresh = newSecret({ ...(o.passwordFile ? { newFile: o.passwordFile } : {}), ...(o.generate ? { generate: true } : {}) }, 'password');
      const data = await api('POST', '/admin/v1/partners', { login, password: fresh.secret, test_callback_allowed: o.testCallbackAllowed ?? false });
      print(o.json, withGenerated(data, fresh), () => [`created partner ${login}`, ...generatedLine(fresh)]);
    });
  partners
    .command('update')
    .argument('<login>')
    .option('--password-file <path>', 'a new password, replacing the old one at once (to keep the old one for a while: secrets rotate password)')
    .addOption(new Option('--test-callback-allowed <yes|no>').choices(['yes', 'no']))
    .addOption(json)
    .action(async (login: string, o: { passwordFile?: string; testCallbackAllowed?: 'yes' | 'no'; json?: boolean }) => {
      const change = {
        ...(o.passwordFile ? { password: readInput(o.passwordFile, 'the password') } : {}),
        ...(o.testCallbackAllowed ? { test_callback_allowed: o.testCallbackAllowed === 'yes' } : {}),
      };
      const data = await api('PATCH', `/admin/v1/partners/${encodeURIComponent(login)}`, change);
      print(o.json, data, () => [`changed partner ${login}`]);
    });

  const projects = program.command('projects').description("projects and their settings (the seed file's fields)");
  projects
    .command('list')
    .option('--partner <login>', "one partner's projects")
    .addOption(json)
    .action(async (o: { partner?: string; json?: boolean }) => {
      const data = await every<Parameters<typeof projectLine>[0]>(`/admin/v1/projects${o.partner ? `?partner=${encodeURIComponent(o.partner)}` : ''}`);
      print(o.json, data, (d: typeof data) => d.map(projectLine));
    });
  projects
    .command('get')
    .argument('<projectId>', 'the project id', integer)
    .addOption(json)
    .action(async (id: number, o: { json?: boolean }) => {
      const data = await api('GET', `/admin/v1/projects/${id}`);
      print(o.json, data, (d: Json) => [JSON.stringify(d['project'], null, 2)]);
    });
  projects
    .command('create')
    .requiredOption('--file <path>', 'the project as JSON: partnerLogin and the fields of a seed file project (- for standard input)')
    .addOption(json)
    .action(async (o: { file: string; json?: boolean }) => {
      const data = await api<{ id: number }>('POST', '/admin/v1/projects', wireFields(readJson(o.file)));
      print(o.json, data, (d: typeof data) => [`created project ${d.id}`]);
    });
  projects
    .command('update')
    .argument('<projectId>', 'the project id', integer)
    .requiredOption('--file <path>', 'the fields to change, as JSON (- for standard input)')
    .addOption(json)
    .action(async (id: number, o: { file: string; json?: boolean }) => {
      const data = await api('PATCH', `/admin/v1/projects/${id}`, wireFields(readJson(o.file)));
      print(o.json, data, () => [`changed project ${id}`]);
    });

  const secrets = program.command('secrets').description('rotate secrets with an overlap; re-seal them after a key change');
  const rotate = secrets.command('rotate').description('replace a secret, the old one still valid until --previous-valid-until');
  const rotation = (command: Command) =>
    command
      .option('--new-file <path>', 'the new secret, from a file (- for standard input)')
      .option('--generate', 'generate the new secret (printed once)')
      .requiredOption('--previous-valid-until <time>', 'until when the old secret stays valid: an ISO time, or 30m, 24h, 7d from now', (t) => timeArgument(t))
      .addOption(json);
  rotation(rotate.command('password').argument('<login>').description("a partner's signing password")).action(
    async (login: string, o: { newFile?: string; generate?: boolean; previousValidUntil: string; json?: boolean }) => {
      const fresh = newSecret(o, 'password');
      const data = await api('POST', `/admin/v1/partners/${encodeURIComponent(login)}/password/rotate`, { password: fresh.secret, previous_valid_until: o.previousValidUntil });
      print(o.json, withGenerated(data, fresh), () => [`rotated the password of ${login}; the old one is valid until ${o.previousValidUntil}`, ...generatedLine(fresh)]);
    },
  );
  for (const kind of ['webhook', 'subscription'] as const) {
    rotation(rotate.command(kind).argument('<projectId>', 'the project id', integer).description(`a project's ${kind} secret (whsec_…)`)).action(
      async (id: number, o: { newFile?: string; generate?: boolean; previousValidUntil: string; json?: boolean }) => {
        const fresh = newSecret(o, 'webhook');
        const data = await api('POST', `/admin/v1/projects/${id}/secrets/${kind}/rotate`, { secret: fresh.secret, previous_valid_until: o.previousValidUntil });
        print(o.json, withGenerated(data, fresh), () => [`rotated the ${kind} secret of project ${id}; the old one is valid until ${o.previousValidUntil}`, ...generatedLine(fresh)]);
      },
    );
  }
  secrets
    .command('reseal')
    .description('write every partner, project and webhook endpoint again, sealed under the current KASSA_SECRETS_KEY (after a key rotation)')
    .addOption(json)
    .action(async (o: { json?: boolean }) => {
      const data = await api<{ partners: number; projects: number; webhook_endpoints: number }>('POST', '/admin/v1/secrets/reseal');
      print(o.json, data, (d: typeof data) => [`re-sealed ${d.partners} partners, ${d.projects} projects and ${d.webhook_endpoints} webhook endpoints`]);
    });

  const range = (command: Command) =>
    command
      .option('--project <id>', 'one project', integer)
      .option('--from <time>', 'created at or after (ISO time, or a duration back from now: 24h)', (t) => timeArgument(t, 'ago'))
      .option('--until <time>', 'created before (ISO time, or a duration back from now)', (t) => timeArgument(t, 'ago'))
      .addOption(json);
  const query = (o: { project?: number; from?: string; until?: string }) => ({
    ...(o.project === undefined ? {} : { project_id: o.project }),
    ...(o.from ? { from: o.from } : {}),
    ...(o.until ? { until: o.until } : {}),
  });
  const deliveries = program.command('deliveries').description('webhook deliveries across projects');
  range(deliveries.command('list'))
    .addOption(new Option('--state <state>').choices(['pending', 'succeeded', 'dead']).default('dead'))
    .option('--limit <n>', 'at most (1-100)', integer, 100)
    .option('--cursor <cursor>', 'the next_cursor of the previous page')
    .action(async (o: { project?: number; from?: string; until?: string; state: string; limit: number; cursor?: string; json?: boolean }) => {
      const params = new URLSearchParams({
        state: o.state,
        limit: String(o.limit),
        ...(o.cursor ? { cursor: o.cursor } : {}),
        ...Object.fromEntries(Object.entries(query(o)).map(([k, v]) => [k, String(v)])),
      });
      const data = await api<Page<{ project_id: number; delivery_id: string; event_type: string; status: string; created_at: string }>>('GET', `/admin/v1/deliveries?${params}`);
      print(o.json, data, (d: typeof data) => [
        ...d.items.map((x) => `${x.created_at}  ${x.project_id}  ${x.delivery_id}  ${x.event_type}  ${x.status}`),
        ...(d.next_cursor ? [`more: --cursor ${d.next_cursor}`] : []),
      ]);
    });
  range(deliveries.command('recover').description('redeliver the dead deliveries of a project and time range')).action(
    async (o: { project?: number; from?: string; until?: string; json?: boolean }) => {
      const data = await api<{ recovered: number; skipped: number }>('POST', '/admin/v1/deliveries/recover', query(o));
      print(o.json, data, (d: typeof data) => [`recovered ${d.recovered} dead deliveries${d.skipped ? ` (${d.skipped} changed meanwhile, skipped)` : ''}`]);
    },
  );

  program
    .command('audit')
    .description('the admin changes, newest first')
    .option('--limit <n>', 'at most', integer, 50)
    .option('--cursor <cursor>', 'the next_cursor of the previous page')
    .addOption(json)
    .action(async (o: { limit: number; cursor?: string; json?: boolean }) => {
      const params = new URLSearchParams({ limit: String(o.limit), ...(o.cursor ? { cursor: o.cursor } : {}) });
      const data = await api<Page<{ at: string; actor: string; from: string; action: string; target: string; changes: Json }>>('GET', `/admin/v1/audit?${params}`);
      print(o.json, data, (d: typeof data) => [
        ...d.items.map((e) => `${e.at}  ${e.actor}@${e.from}  ${e.action}  ${e.target}  ${JSON.stringify(e.changes)}`),
        ...(d.next_cursor ? [`more: --cursor ${d.next_cursor}`] : []),
      ]);
    });
  addStorageCommands(program, env, out);
  // The merchants' commands, as @kassa-payments/cli has them: an operator's checkout runs them too.
  addMerchantCommands(program, { env, out, err, ...(options.signal ? { signal: options.signal } : {}) });
  return program;
}

/** Runs the command line; answers with the process's exit code (the app's own commands keep running). */
export async function runCli(argv: readonly string[], options: Parameters<typeof kassaProgram>[0] = {}): Promise<number> {
  const err = cleanedLines(options.err ?? ((line: string) => void process.stderr.write(`${line}\n`)));
  try {
    // No command at all: run Kassa (npm start, npx kassa).
    await kassaProgram({ ...options, err }).parseAsync(argv.length === 0 ? ['start'] : [...argv], { from: 'user' });
    return EXIT.ok;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (e instanceof CliError) {
      err(`kassa: ${e.message}`);
      return e.exitCode;
    }
    err(`kassa: ${(e as Error).message}`);
    return EXIT.usage;
  }
}
