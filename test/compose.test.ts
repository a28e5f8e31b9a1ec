import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSchema, PRODUCTION_REQUIRES } from '@kassa-payments/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * deploy/compose.yaml as an operator starts from it: copied with kassa.env made from the example, read
 * through `podman-compose config` (the PyPI package, scripts/ensure-compose.sh), and each Kassa
 * service's variables (the compose file's and the env file's) held to the app's configuration schema:
 * every one a setting the app reads, and production's start refused until the example's empty keys
 * are filled in, then accepted for both roles. The monitoring profile's Prometheus configuration
 * passes promtool.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const COMPOSE = join(root, '.kassa', 'compose-venv', 'bin', 'podman-compose');
const VERSION = (JSON.parse(readFileSync(join(root, 'packages', 'app', 'package.json'), 'utf8')) as { version: string }).version;
/** Read by the app or its libraries without being the schema's: OpenTelemetry's standard variables, Node's own. */
const NOT_THE_SCHEMAS = /^(OTEL_[A-Z_]+|NODE_EXTRA_CA_CERTS|NODE_OPTIONS)$/;

interface Service {
  readonly image: string;
  readonly environment?: Record<string, string>;
  readonly env_file?: readonly (string | { readonly path: string })[];
  readonly volumes?: readonly string[];
  readonly profiles?: readonly string[];
  readonly healthcheck?: { readonly test: readonly string[] };
  readonly depends_on?: Record<string, { readonly condition: string }>;
  readonly command?: readonly string[];
}

let dir: string;
let services: Record<string, Service>;
let withoutProfile: string[];

/** The env file's settings: KEY=VALUE lines (comments and blank lines skipped), as compose reads them. */
const envFile = (file: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

const config = (...args: string[]) => {
  const run = spawnSync(COMPOSE, ['--file', 'compose.yaml', ...args, 'config'], { cwd: dir, encoding: 'utf8' });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('podman-compose is not installed: run scripts/ensure-compose.sh, then this test again');
  expect(run.stderr).not.toMatch(/error/i);
  expect(run.status).toBe(0);
  return (parse(run.stdout) as { services: Record<string, Service> }).services;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kassa-compose-'));
  cpSync(join(root, 'deploy'), dir, { recursive: true });
  cpSync(join(dir, 'kassa.env.example'), join(dir, 'kassa.env'));
  mkdirSync(join(dir, 'kassa'));
  services = config('--profile', 'monitoring');
  withoutProfile = Object.keys(config()).sort();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Kassa service's whole environment: the env file's, then the compose file's over it. */
const environmentOf = (name: string): Record<string, string> => {
  const service = services[name] as Service;
  const files = (service.env_file ?? []).map((f) => envFile(join(dir, typeof f === 'string' ? f : f.path)));
  return Object.assign({}, ...files, service.environment);
};

describe('deploy/compose.yaml', () => {
  it('runs an api and a worker of the image at this version, Redis and MongoDB by their official images; Prometheus and Grafana under the monitoring profile', () => {
    expect(withoutProfile).toEqual(['api', 'mongo', 'redis', 'worker']);
    expect(Object.keys(services).sort()).toEqual(['api', 'grafana', 'mongo', 'prometheus', 'redis', 'worker']);
    expect(services['api']?.image).toBe(`kassa:${VERSION}`);
    expect(services['worker']?.image).toBe(`kassa:${VERSION}`);
    expect(services['redis']?.image).toMatch(/^redis:\d/);
    expect(services['mongo']?.image).toMatch(/^mongo:\d/);
    expect(services['prometheus']?.image).toMatch(/^prom\/prometheus:v\d/);
    expect(services['grafana']?.image).toMatch(/^grafana\/grafana:\d/);
    expect(environmentOf('api')['KASSA_ROLE']).toBe('api');
    expect(environmentOf('worker')['KASSA_ROLE']).toBe('worker');
    for (const kassa of ['api', 'worker']) expect(services[kassa]?.depends_on).toEqual({ mongo: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    // Published on loopback only, for the proxy on the host: beyond it any client could name itself in X-Forwarded-For.
    expect((services['api'] as Service & { ports: string[] }).ports.filter((p) => !String(p).startsWith('127.0.0.1:'))).toEqual([]);
    // BullMQ loses jobs on a Redis that evicts keys.
    expect(services['redis']?.command?.join(' ')).toContain('--maxmemory-policy noeviction');
  });

  it('mounts only files that deploy/ holds (the rules, the dashboard, their provisioning) or the operator makes (./kassa, the admin token)', () => {
    const sources = Object.values(services)
      .flatMap((s) => s.volumes ?? [])
      .map((v) => v.split(':')[0] as string)
      .filter((source) => source.startsWith('./'));
    const made = new Set(['./kassa', './kassa-admin-token']);
    expect(sources.filter((source) => !made.has(source) && !existsSync(join(root, 'deploy', source)))).toEqual([]);
  });

  it("holds each Kassa service's variables to the configuration schema: every one a setting, production refused until the example's empty keys are filled in", () => {
    const settings = new Set(Object.keys(configSchema.shape));
    const example = envFile(join(root, 'deploy', 'kassa.env.example'));
    for (const required of Object.keys(PRODUCTION_REQUIRES)) expect(Object.keys(example), `${required} is in kassa.env.example`).toContain(required);
    const empty = Object.keys(example).filter((k) => example[k] === '');
    expect(empty.sort()).toEqual(['KASSA_ADMIN_TOKEN', 'KASSA_PIN_KEY', 'KASSA_SECRETS_KEY', 'KASSA_TOKEN_SECRET']);
    const filled: Record<string, string> = {
      KASSA_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      KASSA_PIN_KEY: 'p'.repeat(40),
      KASSA_TOKEN_SECRET: 't'.repeat(40),
      KASSA_ADMIN_TOKEN: 'a'.repeat(40),
    };
    for (const kassa of ['api', 'worker']) {
      const environment = environmentOf(kassa);
      expect(Object.keys(environment).filter((k) => !settings.has(k) && !NOT_THE_SCHEMAS.test(k))).toEqual([]);
      expect(environment['KASSA_ENV']).toBe('production');
      const refused = configSchema.safeParse(environment);
      expect(refused.success).toBe(false);
      expect([...new Set(refused.error?.issues.map((i) => String(i.path[0])))].sort()).toEqual(empty.sort());
      const accepted = configSchema.safeParse({ ...environment, ...filled });
      expect(accepted.error?.issues ?? []).toEqual([]);
      expect(accepted.data).toMatchObject({ KASSA_ENV: 'production', KASSA_ROLE: kassa, MONGO_URL: 'mongodb://mongo:27017', REDIS_URL: 'redis://redis:6379' });
    }
  });

  it("the monitoring profile's Prometheus configuration passes promtool, scraping every api and worker container in the job kassa with the admin token", () => {
    const prometheus = services['prometheus'] as Service;
    // The mounts as promtool on this machine finds them: each container path mapped to its file here.
    let text = readFileSync(join(root, 'deploy', 'prometheus', 'prometheus.yml'), 'utf8');
    for (const volume of prometheus.volumes ?? []) {
      const [source, target] = volume.split(':') as [string, string];
      if (source.startsWith('./')) text = text.replaceAll(target, join(dir, source));
    }
    writeFileSync(join(dir, 'kassa-admin-token'), 'a'.repeat(40));
    writeFileSync(join(dir, 'prometheus-here.yml'), text);
    const checked = spawnSync('promtool', ['check', 'config', join(dir, 'prometheus-here.yml')], { encoding: 'utf8' });
    expect(`${checked.stdout}${checked.stderr}`).toMatch(/SUCCESS/);
    expect(checked.status).toBe(0);
    const scrape = (parse(text) as { scrape_configs: { job_name: string; dns_sd_configs: { names: string[]; port: number }[] }[] }).scrape_configs;
    expect(scrape.map((s) => s.job_name)).toEqual(['kassa']);
    expect(scrape[0]?.dns_sd_configs).toEqual([{ names: ['api', 'worker'], type: 'A', port: 8090 }]);
    expect(execFileSync('promtool', ['--version'], { encoding: 'utf8' })).toContain('promtool');
  });
});
