import type { RedisTarget } from '@kassa-payments/adapters-queue';
import type { PrivateNetworks } from '@kassa-payments/adapters-webhooks';
import type { KassaMode } from '@kassa-payments/domain';
import { dataDirOf, isLoopbackHost, TEST_ENVIRONMENT_PIN_KEY, type KassaConfig } from './config.js';
import type { RedisJobsOptions } from './redis-jobs.js';
import type { SecretsKeys } from './storage.js';

// The configuration as the parts of the app read it: one typed section each, made once from the
// parsed KASSA_* variables. A part is handed its section only, so what it depends on is its signature.

/** The four public listeners of the spec. */
export type HostName = 'api' | 'pci' | 'widget' | 'subs';

/** The public listeners and the admin one. */
export type ListenerName = HostName | 'admin';

export type KassaRole = 'all' | 'api' | 'worker';

export interface ListenerSettings {
  readonly host: string;
  readonly ports: Readonly<Record<HostName, number>>;
  readonly adminHost: string;
  readonly adminPort: number;
  readonly maxConnections: number;
  /** Seconds between readiness turning false and the listeners closing. */
  readonly drainSeconds: number;
  /** Public addresses, when the listeners' own are not what clients reach (a proxy in front). */
  readonly publicUrls: { readonly api?: string; readonly widget?: string };
}

/** MongoDB, or the embedded stores (with a data folder, or memory only). */
export type StorageSettings =
  | { readonly kind: 'mongodb'; readonly url: string; readonly database: string; readonly keys: SecretsKeys }
  | { readonly kind: 'in-memory'; readonly dataDir: string | undefined };

/** BullMQ on Redis (one server, Sentinel or Cluster; N partitions), or timers in this process. */
export type JobSettings = ({ readonly kind: 'redis' } & RedisJobsOptions) | { readonly kind: 'in-process' };

/** The deployment's own port implementations: module paths (docs/operators/production.md). */
export interface ExtensionSettings {
  readonly billingGateway?: string;
  readonly smsSender?: string;
  readonly carrierLookup?: string;
  /** Not a module: the MaxMind DB file the Geography reads (KASSA_GEOIP_DATABASE). */
  readonly geoipDatabase?: string;
}

/** Partners and projects at start: the seed file, or (test environment) the demo partner. */
export interface DirectorySettings {
  readonly seedFile?: string;
  /** The demo partner made at a start is kept in the data folder for the next one. */
  readonly keepsDemo: boolean;
}

/** What the merchants' callers meet: signatures, proxies, idempotency, widget links, test callbacks. */
export interface CallerSettings {
  readonly maxDriftSeconds: number;
  readonly trustProxy: false | number | readonly string[];
  readonly idempotencyHours: number;
  /** HMAC key of the widget's links; absent: a random one per start. */
  readonly tokenSecret?: string;
  /** The key of PIN digests, and (derived) of the dashboard's sign-in throttle. */
  readonly pinKey: string;
  readonly callbackPrivateNetworks: 'allow' | 'refuse';
  readonly callbackRatePerMinute: number;
  /** Streams one partner's projects hold open at once on an API process (KASSA_MAX_STREAMS_PER_PARTNER). */
  readonly maxStreamsPerPartner: number;
  /** Which private networks webhook endpoints may lead to (KASSA_WEBHOOK_PRIVATE_NETWORKS, by default from the mode and the API listener's address). */
  readonly webhookPrivateNetworks: PrivateNetworks;
  /** Whether a private target's answer is kept with its attempt (else its status only): on a developer's own machine alone. */
  readonly keepPrivateAnswers: boolean;
  readonly endpointDisableAfterHours: number;
  readonly retentionDays: number;
  /** What a project's test clocks keep, in MB as stored (KASSA_TEST_CLOCK_RETENTION_MB). */
  readonly testClockRetentionMb: number;
}

export interface AdminSettings {
  readonly token: string | undefined;
  readonly metricsNeedToken: boolean;
}

export interface KassaSettings {
  readonly mode: KassaMode;
  readonly role: KassaRole;
  readonly logLevel: KassaConfig['KASSA_LOG_LEVEL'];
  readonly listeners: ListenerSettings;
  readonly storage: StorageSettings;
  readonly jobs: JobSettings;
  readonly extensions: ExtensionSettings;
  readonly directory: DirectorySettings;
  readonly callers: CallerSettings;
  readonly admin: AdminSettings;
}

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The sections of a parsed configuration. */
/**
 * Whether only this machine reaches the API outside production: a developer's own machine, the API
 * listening on loopback with no proxy in front (KASSA_TRUST_PROXY unset; a proxy means others reach
 * this Kassa). Production is never taken for one: others reach it through whatever is in front.
 */
const developersOwnMachine = (c: Pick<KassaConfig, 'KASSA_ENV' | 'KASSA_HOST' | 'KASSA_TRUST_PROXY'>): boolean =>
  c.KASSA_ENV !== 'production' && isLoopbackHost(c.KASSA_HOST) && c.KASSA_TRUST_PROXY === false;

/**
 * KASSA_WEBHOOK_PRIVATE_NETWORKS when unset: `allow` only on a developer's own machine, where
 * receivers are local; elsewhere an endpoint URL into the private network would be a merchant's
 * way into it.
 */
export const webhookPrivateNetworksDefault = (c: Pick<KassaConfig, 'KASSA_ENV' | 'KASSA_HOST' | 'KASSA_TRUST_PROXY'>): PrivateNetworks => (developersOwnMachine(c) ? 'allow' : 'refuse');

/** Where the queue lives: KASSA_REDIS_SENTINELS, KASSA_REDIS_CLUSTER_NODES or REDIS_URL (the schema allows one), else in this process. */
function jobSettingsOf(c: KassaConfig): JobSettings {
  const password = defined({ password: c.KASSA_REDIS_PASSWORD });
  // Named only when on: a target without TLS reads as before.
  const tls = c.KASSA_REDIS_TLS === 'true' ? { tls: true } : {};
  const sentinelTls = (c.KASSA_REDIS_SENTINEL_TLS ?? c.KASSA_REDIS_TLS) === 'true' ? { sentinelTls: true } : {};
  const target: RedisTarget | undefined = c.KASSA_REDIS_SENTINELS
    ? {
        kind: 'sentinel',
        sentinels: c.KASSA_REDIS_SENTINELS,
        master: c.KASSA_REDIS_SENTINEL_MASTER ?? '',
        ...password,
        ...defined({ sentinelPassword: c.KASSA_REDIS_SENTINEL_PASSWORD }),
        ...tls,
        ...sentinelTls,
      }
    : c.KASSA_REDIS_CLUSTER_NODES
      ? { kind: 'cluster', nodes: c.KASSA_REDIS_CLUSTER_NODES, ...password, ...tls }
      : c.REDIS_URL
        ? { kind: 'single', url: c.REDIS_URL }
        : undefined;
  return target
    ? { kind: 'redis', target, prefix: c.KASSA_REDIS_PREFIX, partitions: c.KASSA_QUEUE_PARTITIONS, concurrency: c.KASSA_JOB_CONCURRENCY, runsJobs: c.KASSA_ROLE !== 'api' }
    : { kind: 'in-process' };
}

export function settingsOf(c: KassaConfig): KassaSettings {
  const dataDir = dataDirOf(c);
  return {
    mode: c.KASSA_ENV,
    role: c.KASSA_ROLE,
    logLevel: c.KASSA_LOG_LEVEL,
    listeners: {
      host: c.KASSA_HOST,
      ports: { api: c.KASSA_API_PORT, pci: c.KASSA_PCI_PORT, widget: c.KASSA_WIDGET_PORT, subs: c.KASSA_SUBS_PORT },
      adminHost: c.KASSA_ADMIN_HOST,
      adminPort: c.KASSA_ADMIN_PORT,
      maxConnections: c.KASSA_MAX_CONNECTIONS,
      drainSeconds: c.KASSA_DRAIN_SECONDS,
      publicUrls: defined({ api: c.KASSA_API_BASE_URL, widget: c.KASSA_WIDGET_BASE_URL }),
    },
    storage: c.MONGO_URL
      ? { kind: 'mongodb', url: c.MONGO_URL, database: c.MONGO_DB, keys: { current: c.KASSA_SECRETS_KEY, previous: c.KASSA_SECRETS_PREVIOUS_KEYS } }
      : { kind: 'in-memory', dataDir },
    jobs: jobSettingsOf(c),
    extensions: defined({ billingGateway: c.KASSA_BILLING_GATEWAY, smsSender: c.KASSA_SMS_SENDER, carrierLookup: c.KASSA_CARRIER_LOOKUP, geoipDatabase: c.KASSA_GEOIP_DATABASE }),
    directory: { ...defined({ seedFile: c.KASSA_SEED_FILE }), keepsDemo: !c.KASSA_SEED_FILE && dataDir !== undefined },
    callers: {
      maxDriftSeconds: c.KASSA_SIGNATURE_DRIFT_SECONDS,
      trustProxy: c.KASSA_TRUST_PROXY,
      idempotencyHours: c.KASSA_IDEMPOTENCY_HOURS,
      ...defined({ tokenSecret: c.KASSA_TOKEN_SECRET }),
      // Production's is required by the configuration's schema; the test environment's is public.
      pinKey: c.KASSA_PIN_KEY ?? TEST_ENVIRONMENT_PIN_KEY,
      callbackPrivateNetworks: c.KASSA_CALLBACK_PRIVATE_NETWORKS,
      callbackRatePerMinute: c.KASSA_CALLBACK_RATE_PER_MINUTE,
      maxStreamsPerPartner: c.KASSA_MAX_STREAMS_PER_PARTNER,
      webhookPrivateNetworks: c.KASSA_WEBHOOK_PRIVATE_NETWORKS ?? webhookPrivateNetworksDefault(c),
      // What a service of the private network answers is the merchant's to read only where nobody else reaches Kassa.
      keepPrivateAnswers: developersOwnMachine(c),
      endpointDisableAfterHours: c.KASSA_ENDPOINT_DISABLE_AFTER_HOURS,
      retentionDays: c.KASSA_RETENTION_DAYS,
      testClockRetentionMb: c.KASSA_TEST_CLOCK_RETENTION_MB,
    },
    admin: { token: c.KASSA_ADMIN_TOKEN, metricsNeedToken: c.KASSA_ADMIN_METRICS_AUTH === 'token' },
  };
}
