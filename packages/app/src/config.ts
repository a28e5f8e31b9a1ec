import { hostPorts } from '@kassa-payments/adapters-queue';
import { CALLBACK_RATE_PER_MINUTE, parseNetwork, type PrivateNetworks } from '@kassa-payments/adapters-webhooks';
import { DEFAULT_ENDPOINT_DISABLE_AFTER_HOURS, DEFAULT_RETENTION_DAYS, DEFAULT_TEST_CLOCK_RETENTION_MB } from '@kassa-payments/domain';
import { STREAM_SETTINGS } from '@kassa-payments/json-api';
import { z } from 'zod';
import { CONNECTION_LIMITS } from './connection-guard.js';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** KASSA_TRUST_PROXY as HttpDeps.trustProxy: `false`, a hop count, or a list of addresses and ranges. */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^[0-9]{1,2}$/.test(text)) return Number(text);
    if (text === 'true') {
      ctx.addIssue({ code: 'custom', message: "true would let any client choose its IP: give the hop count (1) or the proxies' addresses (10.0.0.0/8)" });
      return z.NEVER;
    }
    const list = text.split(',').map((part) => part.trim());
    const bad = list.find((part) => !PROXY_NAMES.has(part) && !proxyAddress.safeParse(part).success);
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `${JSON.stringify(bad)} is not a hop count, an IP address, a CIDR range or loopback/linklocal/uniquelocal` });
      return z.NEVER;
    }
    return list;
  });

/** `host:port,host:port,…`: the sentinels, or a Cluster's nodes. */
const hostPortList = z.string().transform((text, ctx) => {
  const list = hostPorts(text);
  if (list === undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be host:port pairs separated by commas (10.0.0.5:26379,10.0.0.6:26379)' });
    return z.NEVER;
  }
  return list;
});

/** A sealing key as configured: the base64 of exactly 32 bytes. */
const secretsKeyText = z.string().refine((t) => {
  const key = Buffer.from(t, 'base64');
  return key.length === 32 && key.toString('base64') === t;
}, 'must be the base64 of 32 random bytes (make one: openssl rand -base64 32)');

/** Whether a host name or address is this machine's loopback. */
export const isLoopbackHost = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/** The test environment's PIN key when none is given: public, and refused in production. */
export const TEST_ENVIRONMENT_PIN_KEY = 'kassa-test-environment-pin-key-not-secret';

/**
 * Every production requirement, in one place: what the test environment supplies itself (the
 * sandbox's gateway, carrier directory and demo partner, a public PIN key, no sealing) and why
 * production may not. A start without them names every missing one, a line each.
 */
export const PRODUCTION_REQUIRES = {
  KASSA_BILLING_GATEWAY: 'the sandbox gateway moves no money: a module whose default export makes your BillingGateway (docs/operators/production.md)',
  KASSA_SMS_SENDER: 'without it no customer receives a PIN: a module whose default export makes your SmsSender (docs/operators/production.md)',
  KASSA_CARRIER_LOOKUP: "the sandbox's directory bills every Russian number through its own operator: a module whose default export makes your CarrierLookup (docs/operators/production.md)",
  KASSA_GEOIP_DATABASE:
    "the sandbox's geography puts every client address in Russia: a MaxMind DB file (GeoLite2-Country, GeoIP2-Country or -City) that says where a WAP subscriber's address is (README, Geography)",
  KASSA_SEED_FILE: 'it lists the partners and projects',
  KASSA_TOKEN_SECRET:
    "the key of the payment pages' links: without it each process and each start makes its own, and a link made by one is refused by another (32 characters or more, the same in every process)",
  KASSA_PIN_KEY: 'the key of the stored PIN digests (32 characters or more, the same in every process, not the public test key)',
  KASSA_SECRETS_KEY: 'it seals the partner passwords and webhook and subscription secrets at rest (openssl rand -base64 32)',
} as const;

/** The app's configuration, from the environment. */
export const configSchema = z
  .object({
    KASSA_ENV: z.enum(['test', 'production']).default('test'),
    KASSA_HOST: z.string().min(1).default('127.0.0.1'),
    KASSA_API_PORT: port(8080),
    KASSA_PCI_PORT: port(8081),
    KASSA_WIDGET_PORT: port(8082),
    KASSA_SUBS_PORT: port(8083),
    /** The admin listener: health, readiness, metrics and the admin API (docs/operators/admin-listener.md). */
    KASSA_ADMIN_PORT: port(8090),
    /** Loopback unless given: beyond it the admin listener needs KASSA_ADMIN_TOKEN. */
    KASSA_ADMIN_HOST: z.string().min(1).default('127.0.0.1'),
    /** The admin API's bearer token (32 characters or more); without it the admin API is off. */
    KASSA_ADMIN_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 to 512 visible ASCII characters')
      .optional(),
    /** `loopback-open` (the default): /metrics needs no token from loopback; `token`: it always does. */
    KASSA_ADMIN_METRICS_AUTH: z.enum(['loopback-open', 'token']).default('loopback-open'),
    /**
     * The key that seals partner passwords and webhook and subscription secrets at rest (AES-256-GCM):
     * the base64 of 32 random bytes. Required in production.
     */
    KASSA_SECRETS_KEY: secretsKeyText.optional(),
    /** Keys a secret may still be sealed under during a key rotation, comma-separated (docs/operations.md, "Rotating KASSA_SECRETS_KEY"). */
    KASSA_SECRETS_PREVIOUS_KEYS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const keys = (v ?? '')
          .split(',')
          .map((k) => k.trim())
          .filter((k) => k !== '');
        const bad = keys.findIndex((k) => !secretsKeyText.safeParse(k).success);
        if (bad !== -1) {
          ctx.addIssue({ code: 'custom', message: `key ${bad + 1} is not the base64 of 32 bytes` });
          return z.NEVER;
        }
        return keys;
      }),
    /** Public address of the API host, for the OpenAPI document's `servers`; default the listener's own. */
    KASSA_API_BASE_URL: z.url().optional(),
    /** Public address of the widget host, for payment-page links; default http://localhost:<widget port>. */
    KASSA_WIDGET_BASE_URL: z.url().optional(),
    /**
     * The key of the PINs' digests (HMAC-SHA256 over the aggregate's id and the PIN): only digests
     * are stored. Required in production; the test environment's default is a fixed, public key
     * (its PIN is 1234 anyway), the same in every process so that api processes agree.
     */
    KASSA_PIN_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    /** HMAC key of widget tokens; default a random one per start (links then die with a restart). */
    KASSA_TOKEN_SECRET: z.string().min(32).optional(),
    KASSA_SEED_FILE: z.string().min(1).optional(),
    /** A module whose default export makes the BillingGateway (required in production; default the sandbox). */
    KASSA_BILLING_GATEWAY: z.string().min(1).optional(),
    /** A module whose default export makes the SmsSender (default: log that a PIN was due, never the PIN). */
    KASSA_SMS_SENDER: z.string().min(1).optional(),
    /** A module whose default export makes the CarrierLookup: who serves a number (required in production; the test environment's default: the sandbox's directory). */
    KASSA_CARRIER_LOOKUP: z.string().min(1).optional(),
    /** A MaxMind DB file (GeoLite2-Country, GeoIP2-Country or -City): where a client address is (required in production; the test environment's default: the sandbox's rule). */
    KASSA_GEOIP_DATABASE: z.string().min(1).optional(),
    /** How far a signed request's time (X-Timestamp, NowUtc, Now) may be from Kassa's clock; the spec's 20 minutes at most. */
    KASSA_SIGNATURE_DRIFT_SECONDS: z.coerce.number().int().min(1).max(1200).default(1200),
    /**
     * Whether a flagged partner's test_info.callback_url may lead to a private, loopback, link-local
     * or unique-local address: `refuse` (the default), or `allow` for local development.
     */
    KASSA_CALLBACK_PRIVATE_NETWORKS: z.enum(['allow', 'refuse']).default('refuse'),
    /**
     * Which private, loopback, link-local or unique-local addresses the merchants' webhook endpoints
     * may lead to (checked when one is created or changed, and again at connect time): `allow` (any),
     * `refuse` (none), or a comma-separated list of networks (`10.20.0.0/16,fd00::/8`, or single
     * addresses). Unset: `allow` while the API listener is bound to a loopback address with no proxy
     * in front outside production (a developer's own machine), `refuse` otherwise.
     */
    KASSA_WEBHOOK_PRIVATE_NETWORKS: z
      .string()
      .trim()
      .transform((text, ctx): PrivateNetworks => {
        if (text === 'allow' || text === 'refuse') return text;
        const networks = text.split(',').map((n) => n.trim());
        const bad = networks.find((n) => parseNetwork(n) === undefined);
        if (bad !== undefined)
          ctx.addIssue({ code: 'custom', message: `allow, refuse, or a comma-separated list of networks (CIDR such as 10.20.0.0/16, or addresses): ${JSON.stringify(bad)} is none of these` });
        return networks;
      })
      .optional(),
    /** A webhook endpoint whose deliveries have all failed for this many hours is disabled (webhook_endpoint.disabled). */
    KASSA_ENDPOINT_DISABLE_AFTER_HOURS: z.coerce.number().int().min(1).max(8_760).default(DEFAULT_ENDPOINT_DISABLE_AFTER_HOURS),
    /** Events and finished webhook deliveries (and, in memory, finished aggregates) older than this are removed by the sweep. */
    KASSA_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_RETENTION_DAYS),
    /** What a project's test clocks keep, in MB as stored: beyond it the sweep removes its oldest clocks, before their 30 days. */
    KASSA_TEST_CLOCK_RETENTION_MB: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_TEST_CLOCK_RETENTION_MB),
    /** Invoices naming a test_info.callback_url, per partner per minute (per process). */
    KASSA_CALLBACK_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(CALLBACK_RATE_PER_MINUTE),
    /** Event and request streams one partner's projects hold open at once on an API process (of its 200): no partner holds them all. */
    KASSA_MAX_STREAMS_PER_PARTNER: z.coerce.number().int().min(1).max(STREAM_SETTINGS.maxPerProcess).default(STREAM_SETTINGS.maxPerPartner),
    /** Connections one listener holds at once (the oldest idle one makes room for a newcomer beyond it). */
    KASSA_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(CONNECTION_LIMITS.maxConnections),
    /**
     * The embedded mode's data folder: the sandbox's contracts, invoices, subscriptions, events and
     * deliveries survive a restart. Unset: `.kassa/data` in the test environment without MONGO_URL;
     * empty: memory only. Not for production (use MongoDB).
     */
    KASSA_DATA_DIR: z.string().optional(),
    /** How long an Idempotency-Key replays its first answer, in hours (the draft's retention; docs/merchants/json-api.md, "Idempotency-Key"). */
    KASSA_IDEMPOTENCY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** Seconds between readiness turning false (SIGTERM) and the listeners closing: time for a load balancer to notice. */
    KASSA_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
    KASSA_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Which proxies in front of Kassa are believed when they name the caller in X-Forwarded-For:
     * none (`false`, the default), a hop count (`1`), or their addresses and CIDR ranges
     * (`10.0.0.0/8,192.0.2.7`; also Express's names loopback, linklocal, uniquelocal).
     */
    KASSA_TRUST_PROXY: trustProxy,
    /** BullMQ on Redis for the jobs and webhook attempts, instead of in-process timers. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    /** all: listeners and jobs (the default); api: listeners only; worker: jobs only. api and worker need Redis (REDIS_URL, KASSA_REDIS_SENTINELS or KASSA_REDIS_CLUSTER_NODES) and MONGO_URL. */
    KASSA_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    /** The key prefix of Kassa's queue in Redis: deployments sharing one Redis each take their own. */
    KASSA_REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, _ or -')
      .default('kassa'),
    /** Redis behind Sentinel instead of REDIS_URL: the sentinels, `host:port,host:port,…` (docs/operations.md#redis-with-failover-sentinel-or-cluster). */
    KASSA_REDIS_SENTINELS: hostPortList.optional(),
    /** The name the sentinels monitor the master under (`sentinel monitor <name> …`); required with KASSA_REDIS_SENTINELS. */
    KASSA_REDIS_SENTINEL_MASTER: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be letters, digits, ., _ or -')
      .optional(),
    /** The sentinels' own password (`requirepass` in sentinel.conf), when they have one. */
    KASSA_REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
    /** A Redis Cluster instead of REDIS_URL: some of its nodes, `host:port,host:port,…` (the rest are discovered). */
    KASSA_REDIS_CLUSTER_NODES: hostPortList.optional(),
    /** The password of the Redis servers behind Sentinel or in the Cluster (REDIS_URL carries its own). */
    KASSA_REDIS_PASSWORD: z.string().min(1).optional(),
    /**
     * TLS to the Redis servers behind Sentinel or in the Cluster (`false` by default; REDIS_URL says
     * it itself: rediss://). Certificates are verified; a private CA is given by NODE_EXTRA_CA_CERTS.
     */
    KASSA_REDIS_TLS: z.enum(['true', 'false']).optional(),
    /** TLS to the sentinels themselves; by default KASSA_REDIS_TLS's value. */
    KASSA_REDIS_SENTINEL_TLS: z.enum(['true', 'false']).optional(),
    /**
     * The queue's partitions: each its own queue (its own hash tag on a Cluster), every project's
     * jobs on one of them, so that a Cluster's masters share the work. 1 (the default): today's keys.
     */
    KASSA_QUEUE_PARTITIONS: z.coerce.number().int().min(1).max(64).default(1),
    /** Jobs a worker process runs at once, over all the partitions (each takes its share, rounded up). */
    KASSA_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50),
    /**
     * `memory` runs production on in-memory storage deliberately (every invoice is lost at the next
     * restart); `mongodb` says MONGO_URL must be there. Unset: MONGO_URL decides, and production
     * without it is refused.
     */
    KASSA_STORAGE: z.enum(['memory', 'mongodb']).optional(),
    /** MongoDB storage instead of the embedded in-memory one. */
    MONGO_URL: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URL')
      .optional(),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be a database name')
      .default('kassa'),
  })
  .superRefine((c, ctx) => {
    if (c.KASSA_ENV === 'production') {
      for (const [variable, why] of Object.entries(PRODUCTION_REQUIRES)) {
        if (!c[variable as keyof typeof PRODUCTION_REQUIRES]) ctx.addIssue({ code: 'custom', path: [variable], message: `required in production: ${why}` });
      }
      if (c.KASSA_PIN_KEY === TEST_ENVIRONMENT_PIN_KEY) ctx.addIssue({ code: 'custom', path: ['KASSA_PIN_KEY'], message: `required in production: ${PRODUCTION_REQUIRES.KASSA_PIN_KEY}` });
      if (!c.MONGO_URL && c.KASSA_STORAGE !== 'memory')
        ctx.addIssue({
          code: 'custom',
          path: ['MONGO_URL'],
          message: 'required in production: in-memory storage loses every contract, invoice and event at the next restart (KASSA_STORAGE=memory runs on memory deliberately)',
        });
      if (c.KASSA_DATA_DIR)
        ctx.addIssue({
          code: 'custom',
          path: ['KASSA_DATA_DIR'],
          message: "the embedded mode's data folder is the sandbox's: in production use MONGO_URL (the image sets KASSA_DATA_DIR=/data for its sandbox: set it empty, as deploy/compose.yaml does)",
        });
    }
    if (c.KASSA_STORAGE === 'mongodb' && !c.MONGO_URL) ctx.addIssue({ code: 'custom', path: ['MONGO_URL'], message: 'required with KASSA_STORAGE=mongodb' });
    if (c.KASSA_STORAGE === 'memory' && c.MONGO_URL) ctx.addIssue({ code: 'custom', path: ['KASSA_STORAGE'], message: 'memory beside MONGO_URL: unset one of them' });
    if (!isLoopbackHost(c.KASSA_ADMIN_HOST) && !c.KASSA_ADMIN_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['KASSA_ADMIN_TOKEN'], message: `required when the admin listener is bound beyond loopback (KASSA_ADMIN_HOST=${c.KASSA_ADMIN_HOST})` });
    }
    const redisSources = (['REDIS_URL', 'KASSA_REDIS_SENTINELS', 'KASSA_REDIS_CLUSTER_NODES'] as const).filter((name) => c[name] !== undefined);
    if (redisSources.length > 1) ctx.addIssue({ code: 'custom', path: [redisSources[1] as string], message: `one Redis at a time: ${redisSources.join(' and ')} are both set` });
    // One place says whether the connection is encrypted: with REDIS_URL its scheme, so that a `true` beside redis:// cannot look like TLS.
    for (const name of ['KASSA_REDIS_TLS', 'KASSA_REDIS_SENTINEL_TLS'] as const) {
      if (c.REDIS_URL !== undefined && c[name] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'not with REDIS_URL, whose scheme says it: rediss:// for TLS (this variable is for KASSA_REDIS_SENTINELS and KASSA_REDIS_CLUSTER_NODES)',
        });
      }
    }
    if (c.KASSA_REDIS_SENTINELS && !c.KASSA_REDIS_SENTINEL_MASTER) {
      ctx.addIssue({ code: 'custom', path: ['KASSA_REDIS_SENTINEL_MASTER'], message: 'required with KASSA_REDIS_SENTINELS: the name the sentinels monitor the master under' });
    }
    // Separate api and worker processes share their state: they need MongoDB and Redis.
    if (c.KASSA_ROLE !== 'all' && (redisSources.length === 0 || !c.MONGO_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['KASSA_ROLE'],
        message: `${c.KASSA_ROLE} needs REDIS_URL and MONGO_URL (or KASSA_REDIS_SENTINELS or KASSA_REDIS_CLUSTER_NODES for Redis; N api and M worker processes share one MongoDB and one Redis)`,
      });
    }
  });

export type KassaConfig = z.infer<typeof configSchema>;

/** Where the embedded mode keeps its data: KASSA_DATA_DIR, `.kassa/data` by default in the test environment, none on MongoDB or in production. */
export const dataDirOf = (c: KassaConfig): string | undefined =>
  c.MONGO_URL ? undefined : c.KASSA_DATA_DIR !== undefined ? c.KASSA_DATA_DIR || undefined : c.KASSA_ENV === 'test' ? '.kassa/data' : undefined;

/** Reads the configuration; a bad value stops the start with a message naming the variable, a line for each. */
export function readConfig(env: Readonly<Record<string, string | undefined>> = process.env): KassaConfig {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new Error(parsed.error.issues.map((issue) => `Configuration: ${issue.path.join('.')}: ${issue.message}`).join('\n'));
}
