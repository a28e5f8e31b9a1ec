import type { RequestListener, Server } from 'node:http';
import type { DestinationStream, Logger } from 'pino';
import { createAdminApp } from '@kassa-payments/admin-api';
import type { Clock } from '@kassa-payments/domain';
import { redisTlsProblem, type RedisTarget } from '@kassa-payments/adapters-queue';
import { networksReachingHostItself, type HostResolver } from '@kassa-payments/adapters-webhooks';
import { clientErrorHandler, expectationFailedHandler } from '@kassa-payments/http-kit';
import type { KassaConfig } from './config.js';
import { buildContainer } from './container.js';
import { loadExtensions } from './extensions.js';
import type { BenchmarkSwitch } from './host-apps.js';
import { inProcessJobs } from './in-process-jobs.js';
import type { Jobs } from './jobs.js';
import { redisJobs } from './redis-jobs.js';
import { close, createListener, holdUntilServed, LISTENER_TIMEOUTS, listen, type ListenerTimeouts } from './listeners.js';
import { CONNECTION_LIMITS } from './connection-guard.js';
import { createLogger, flushed } from './logger.js';
import type { KassaMetrics } from './operations/kassa-metrics.js';
import { importSeed } from './operations/seed-import.js';
import { demoDirectory, loadSeedFile, type Directory } from './seed.js';
import { settingsOf, type HostName, type JobSettings, type KassaSettings, type ListenerName, type ListenerSettings } from './settings.js';
import { inMemoryStorage, mongoStorage, type Storage } from './storage.js';
import { addTraceFields, tracingOn } from './telemetry/trace-context.js';
import { TOKENS, type PublicUrls } from './tokens.js';
import { jobWork } from './job-work.js';
import { buildInfo } from './version.js';

export type { BenchmarkSwitch } from './host-apps.js';
export type { HostName, ListenerName } from './settings.js';

export interface RunningKassa {
  /** The actual base URL of each listener (a worker has only the admin one). */
  readonly urls: Readonly<Record<ListenerName, string>>;
  readonly directory: Directory;
  /** Which storage adapter serves: 'in-memory' (embedded) or 'mongodb'. */
  readonly storage: 'in-memory' | 'mongodb';
  readonly logger: Logger;
  readonly metrics: KassaMetrics;
  /**
   * For tests and simulations that move the clock (StartOptions.clock): runs, until nothing more is
   * due at the clock's now, the jobs due, the due-work sweep and the event relay (the work the
   * background loops run on real intervals), and resolves with how many things ran. With jobs on
   * Redis (BullMQ) it runs only the sweep and the relay: BullMQ's delayed jobs keep real time, and the
   * sweep does their work once it is due by the clock. A failing sweep or relay rejects it.
   */
  drainDueWork(): Promise<number>;
  /**
   * Stops: readiness turns false at once (a load balancer stops sending), then after the drain delay
   * (KASSA_DRAIN_SECONDS) the public listeners stop taking requests and finish the running ones, the
   * jobs finish, and the admin listener closes last.
   */
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly logDestination?: DestinationStream;
  readonly timeouts?: ListenerTimeouts;
  readonly firstByteMs?: number;
  /** For the benchmark's cost table only. */
  readonly benchmarkOff?: readonly BenchmarkSwitch[];
  /** How webhook endpoints' host names are looked up (default DNS): the end-to-end tests give their own answers. */
  readonly resolve?: HostResolver;
  /** Aborts a start that waits (a worker waiting for Redis): a SIGTERM during the start ends it. */
  readonly signal?: AbortSignal;
  /**
   * The time Kassa reads (default the system's): a test's or a simulation's clock. Every rule of time
   * reads it. By default it moves only when its owner moves it (ManualClock of
   * @kassa-payments/adapters-memory): the in-process scheduler sets no real timer for a job due later,
   * and `drainDueWork` runs it once the clock is past it.
   */
  readonly clock?: Clock;
  /**
   * 'by-itself' for a given clock that moves with real time (the system's, shifted): the scheduler
   * then sets real timers by it, as in production. Default 'when-told'.
   */
  readonly clockMoves?: 'when-told' | 'by-itself';
}

/** Partners and projects to start with: the seed file's, or in the test environment a new demo partner. */
async function readDirectory(settings: KassaSettings): Promise<Directory> {
  const { seedFile } = settings.directory;
  // Production without a seed file is refused by the configuration's schema.
  return seedFile ? loadSeedFile(seedFile, settings.mode) : demoDirectory();
}

function connectStorage(settings: KassaSettings): Promise<Storage> | Storage {
  const s = settings.storage;
  return s.kind === 'mongodb' ? mongoStorage(s.url, s.database, s.keys) : inMemoryStorage(s.dataDir);
}

const startJobs = (s: JobSettings, logger: Logger, options: StartOptions): Jobs =>
  s.kind === 'redis' ? redisJobs(s, logger) : inProcessJobs(logger, options.clock, options.clockMoves ?? 'when-told');

/** With TLS to Redis, one handshake with each first host at start: a refused certificate is logged saying why (ioredis says only that the connection closed). */
const reportRedisTlsProblem = (target: RedisTarget, logger: Logger): void =>
  void redisTlsProblem(target).then((problem) => {
    if (problem !== undefined) logger.error({ problem }, 'no verified TLS connection to Redis (a certificate refused: its CA in NODE_EXTRA_CA_CERTS? the host named in it?)');
  });

interface Listeners {
  readonly hosts: readonly HostName[];
  readonly servers: Readonly<Record<HostName, Server>>;
  readonly admin: Server;
  readonly urls: Readonly<Record<ListenerName, string>>;
  /** Puts a listener's app on it, with the requests it held until then. */
  readonly serve: Readonly<Record<ListenerName, (app: RequestListener) => void>>;
}

/** Binds the public listeners (none for a worker: it runs jobs only) and the admin one; port 0 picks a free one. */
async function openListeners(s: ListenerSettings, role: KassaSettings['role'], options: StartOptions): Promise<Listeners> {
  const hosts: HostName[] = role === 'worker' ? [] : ['api', 'pci', 'widget', 'subs'];
  const limits = { maxConnections: s.maxConnections, firstByteMs: options.firstByteMs ?? CONNECTION_LIMITS.firstByteMs, stalledWriteMs: CONNECTION_LIMITS.stalledWriteMs };
  const make = () => createListener(options.timeouts ?? LISTENER_TIMEOUTS, limits);
  const servers = Object.fromEntries(hosts.map((h) => [h, make()])) as Record<HostName, Server>;
  const admin = make();
  const urls = {} as Record<ListenerName, string>;
  const serve = Object.fromEntries([...hosts.map((h) => [h, holdUntilServed(servers[h])]), ['admin', holdUntilServed(admin)]]) as Record<ListenerName, (app: RequestListener) => void>;
  const urlOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  for (const h of hosts) urls[h] = urlOf(s.host, await listen(servers[h], s.ports[h], s.host));
  urls.admin = urlOf(s.adminHost, await listen(admin, s.adminPort, s.adminHost));
  return { hosts, servers, admin, urls, serve };
}

/** Links and documents name the configured public addresses, else the listeners' own (a worker has none). */
function publicUrls(s: ListenerSettings, own: Partial<Record<HostName, string>>): PublicUrls {
  return { api: s.publicUrls.api ?? own.api ?? '/', widget: s.publicUrls.widget ?? own.widget?.replace('127.0.0.1', 'localhost') ?? 'http://localhost' };
}

/** The seed's partners and projects as storage holds them now (the demo partner a data folder kept). */
async function storedDirectory(storage: Storage, seed: Directory): Promise<Directory> {
  const partners = await Promise.all(seed.partners.map(async (p) => (await storage.projects.findPartner(p.login)) ?? p));
  const projects = await Promise.all(seed.projects.map(async (p) => (await storage.projects.findProject(p.id)) ?? p));
  return { partners, projects };
}

/**
 * Starts Kassa in named steps: settings, log, directory, extensions, storage, seed, listeners,
 * the container (everything else), the apps on their listeners, the jobs.
 */
export async function startKassa(config: KassaConfig, options: StartOptions = {}): Promise<RunningKassa> {
  const settings = settingsOf(config);
  // With traces on, every line written inside a span names it (trace_id, span_id). A request's id
  // reaches the lines about it explicitly (its context), never from ambient state.
  const logger = createLogger(settings.logLevel, options.logDestination, tracingOn() ? () => addTraceFields({}) : undefined);
  const directory = await readDirectory(settings);
  const extensions = await loadExtensions(settings.extensions, { env: process.env, logger });
  const storage = await connectStorage(settings);
  // Older data brought to this code's schema before anything is served (the long migrations are left to `kassa migrate`).
  await storage.migrate('start', logger).catch(async (e: unknown) => {
    await storage.close();
    throw e;
  });
  const listeners = await openListeners(settings.listeners, settings.role, options);
  const jobs = startJobs(settings.jobs, logger, options);
  if (settings.jobs.kind === 'redis') reportRedisTlsProblem(settings.jobs.target, logger);
  // Before the seed is written and anything is served: a process whose KASSA_QUEUE_PARTITIONS is not
  // the running processes' refuses to start here (its jobs would go to queues no worker reads).
  await jobs.claim(options.signal);
  const container = buildContainer({
    settings,
    logger,
    storage,
    jobs,
    extensions,
    urls: publicUrls(settings.listeners, listeners.urls),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.benchmarkOff ? { benchmarkOff: options.benchmarkOff } : {}),
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });

  // The demo partner is made anew at every start, unless the data folder kept the one from before (its
  // password and project stay what the developer configured against).
  const { seedFile, keepsDemo } = settings.directory;
  const seeded = await importSeed(storage.projects, storage.audit, directory, {
    from: seedFile ?? 'demo',
    clock: container.get(TOKENS.Clock),
    ids: container.get(TOKENS.Ids),
    replace: !seedFile && !keepsDemo,
  });
  if (seeded.kept.length > 0 && seedFile)
    logger.info({ kept: seeded.kept.length, created: seeded.created.length }, 'seed file imported: records already stored were left as they are (change them with the admin API)');
  else if (seeded.kept.length > 0) logger.info({ kept: seeded.kept.length }, 'demo partner kept from the data folder (delete the folder for a new one)');

  serve(listeners, container, settings);
  await jobs.start(jobWork(container.get(TOKENS.UseCases)));

  const { urls } = listeners;
  const { version, commit } = buildInfo();
  logger.info({ version, commit, urls, env: settings.mode, storage: storage.kind, jobs: jobs.kind, role: settings.role }, 'kassa started');
  if (settings.mode === 'production' && storage.kind === 'in-memory')
    logger.warn({ KASSA_STORAGE: 'memory' }, 'production on in-memory storage: every contract, invoice and event is lost at the next restart (set MONGO_URL)');
  if (settings.mode === 'production' && settings.callers.webhookPrivateNetworks === 'allow')
    logger.warn(
      { KASSA_WEBHOOK_PRIVATE_NETWORKS: 'allow' },
      "merchants' webhook endpoints may name any private or loopback address: list the networks they may reach in KASSA_WEBHOOK_PRIVATE_NETWORKS instead (10.20.0.0/16,…)",
    );
  const hostItself = networksReachingHostItself(settings.callers.webhookPrivateNetworks);
  if (hostItself.length > 0)
    logger.warn({ KASSA_WEBHOOK_PRIVATE_NETWORKS: hostItself }, "these listed networks hold this host's loopback or the cloud metadata address: merchants' webhook endpoints may reach them");
  await flushed(logger);
  const readiness = container.get(TOKENS.Readiness);
  return {
    urls,
    directory: keepsDemo ? await storedDirectory(storage, directory) : directory,
    logger,
    metrics: container.get(TOKENS.Metrics),
    storage: storage.kind,
    drainDueWork: () => jobs.drainDue(),
    async stop() {
      readiness.drain();
      // Event and request streams never finish by themselves: ended now, their clients reconnect to another process.
      container.get(TOKENS.OpenStreams).closeAll();
      if (settings.listeners.drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, settings.listeners.drainSeconds * 1000));
      await Promise.all(listeners.hosts.map((h) => close(listeners.servers[h])));
      await jobs.stop();
      await close(listeners.admin);
      await storage.close();
      logger.info('kassa stopped');
      await flushed(logger);
    },
  };
}

/** Puts each delivery app on its listener, with the answers to requests Node's parser refuses. */
function serve(listeners: Listeners, container: ReturnType<typeof buildContainer>, settings: KassaSettings): void {
  const apps = container.get(TOKENS.HostApps);
  const observer = container.get(TOKENS.Metrics);
  for (const h of listeners.hosts) {
    const { app, documents, fallback } = apps[h]();
    const server = listeners.servers[h];
    listeners.serve[h](app);
    server.on('clientError', clientErrorHandler(settings.mode, documents, fallback, { host: h, observer }));
    server.on('checkExpectation', expectationFailedHandler(settings.mode, documents, fallback));
  }
  const { admin } = listeners;
  listeners.serve.admin(createAdminApp(container.get(TOKENS.AdminDeps)));
  admin.on('clientError', clientErrorHandler(settings.mode, [], undefined, { host: 'admin', observer }));
  admin.on('checkExpectation', expectationFailedHandler(settings.mode));
}
