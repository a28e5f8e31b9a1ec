import type { RequestListener, Server } from 'node:http';
import type { DestinationStream, Logger } from 'pino';
import { xmlEndpoints } from './xml-endpoints.js';
import { ApiCallRecorder, createApiApp, createPciApp } from '@kassa/json-api';
import { createWidgetApp, widgetPageRefusals } from '@kassa/payment-pages';
import { dashboardRefusals, merchantDashboard } from '@kassa/merchant-dashboard';
import { createAdminApp } from '@kassa/admin-api';
import { clientErrorHandler, createDocumentHostApp, expectationFailedHandler, RequestScope, type DocumentRefusal } from '@kassa/http-kit';
import { SystemClock } from '@kassa/domain';
import { dataDirOf, type KassaConfig } from './config.js';
import type { HttpDeps } from './http-deps.js';
import { buildContainer, type Plugins } from './container.js';
import { close, createListener, LISTENER_TIMEOUTS, listen, type ListenerTimeouts } from './listeners.js';
import { CONNECTION_LIMITS } from './connection-guard.js';
import { createLogger, flushed } from './logger.js';
import { demoDirectory, loadSeedFile, type Directory } from './seed.js';
import { inMemoryStorage, mongoStorage, type Storage } from './storage.js';
import { TOKENS } from './tokens.js';
import { inProcessJobs, redisJobs } from './jobs.js';
import { loadBillingGateway, loadSmsSender } from './plugins.js';
import { RandomUuids } from './node-ports.js';
import { KassaMetrics } from './operations/kassa-metrics.js';
import { gaugeSources } from './operations/gauge-sources.js';
import { countedRepositories, observedWebhooks, requestStampedScheduler } from './operations/observed-ports.js';
import { Readiness } from './operations/readiness.js';
import { importSeed } from './operations/seed-import.js';

export type HostName = 'api' | 'pci' | 'widget' | 'subs';

/** The seed's partners and projects as storage holds them now (the demo partner a data folder kept). */
async function storedDirectory(storage: Storage, seed: Directory): Promise<Directory> {
  const partners = await Promise.all(seed.partners.map(async (p) => (await storage.projects.findPartner(p.login)) ?? p));
  const projects = await Promise.all(seed.projects.map(async (p) => (await storage.projects.findProject(p.id)) ?? p));
  return { partners, projects };
}

/** The public listeners and the admin one. */
export type ListenerName = HostName | 'admin';

export interface RunningKassa {
  /** The actual base URL of each listener (a worker has only the admin one). */
  readonly urls: Readonly<Record<ListenerName, string>>;
  readonly directory: Directory;
  /** Which storage adapter serves: 'in-memory' (embedded) or 'mongodb'. */
  readonly storage: 'in-memory' | 'mongodb';
  readonly logger: Logger;
  readonly metrics: KassaMetrics;
  /**
   * Stops: readiness turns false at once (a load balancer stops sending), then after the drain delay
   * (KASSA_DRAIN_SECONDS) the public listeners stop taking requests and finish the running ones, the
   * jobs finish, and the admin listener closes last.
   */
  stop(): Promise<void>;
}

/**
 * The deployment's own gateway and SMS sender. Production refuses to start without them: the sandbox
 * gateway would "succeed" every charge without moving money, and no PIN would reach a customer.
 */
async function loadPlugins(config: KassaConfig, logger: Logger): Promise<Plugins> {
  const context = { env: process.env, logger };
  if (config.KASSA_ENV === 'production') {
    if (!config.KASSA_BILLING_GATEWAY) throw new Error('KASSA_BILLING_GATEWAY is required in production: the sandbox gateway moves no money (see the README)');
    if (!config.KASSA_SMS_SENDER) throw new Error('KASSA_SMS_SENDER is required in production: without it no customer receives a PIN (see the README)');
  }
  return {
    ...(config.KASSA_BILLING_GATEWAY ? { gateway: await loadBillingGateway(config.KASSA_BILLING_GATEWAY, context) } : {}),
    ...(config.KASSA_SMS_SENDER ? { sms: await loadSmsSender(config.KASSA_SMS_SENDER, context) } : {}),
  };
}

/**
 * What the JSON benchmark's cost table switches off, one at a time, to show what each costs a call
 * (`npm run bench`). For measuring only: no configuration reaches them.
 */
export type BenchmarkSwitch = 'recording' | 'metrics' | 'idempotency';

/**
 * The API host: the JSON v3 API and the merchants' dashboard. The dashboard's requests page reads
 * the projects' calls through the API's recorder (unless `record` is off), which stores what waits first.
 */
function apiApp(deps: HttpDeps, record: boolean): RequestListener {
  const { dashboard } = deps;
  const recorder = dashboard && record ? new ApiCallRecorder(dashboard.apiCalls, () => deps.clock.now()) : undefined;
  const hosted = dashboard ? [merchantDashboard(deps, recorder ? { ...dashboard, apiCalls: recorder } : dashboard)] : [];
  return createApiApp(recorder ? { ...deps, apiCallRecorder: recorder } : deps, hosted);
}

/**
 * Starts Kassa: four listeners, one per host of the spec, on their configured ports (0 picks a
 * free one), the in-process jobs and the due-work sweep.
 */
export async function startKassa(
  config: KassaConfig,
  options: { logDestination?: DestinationStream; timeouts?: ListenerTimeouts; firstByteMs?: number; benchmarkOff?: readonly BenchmarkSwitch[] } = {},
): Promise<RunningKassa> {
  // One request scope per process: every log line written while a request (or a job it caused) runs carries its id.
  const requests = new RequestScope();
  const logger = createLogger(config.KASSA_LOG_LEVEL, options.logDestination, () => {
    const requestId = requests.requestId();
    return requestId === undefined ? {} : { requestId };
  });
  const directory = config.KASSA_SEED_FILE ? await loadSeedFile(config.KASSA_SEED_FILE, config.KASSA_ENV) : config.KASSA_ENV === 'test' ? demoDirectory() : undefined;
  if (!directory) throw new Error('KASSA_SEED_FILE is required in production: it lists the partners and projects');

  const plugins = await loadPlugins(config, logger);
  const storage = config.MONGO_URL
    ? await mongoStorage(config.MONGO_URL, config.MONGO_DB, { current: config.KASSA_SECRETS_KEY, previous: config.KASSA_SECRETS_PREVIOUS_KEYS })
    : inMemoryStorage(dataDirOf(config));
  const clock = new SystemClock();
  const ids = new RandomUuids();
  // The demo partner is made anew at every start, unless the data folder kept the one from before (its
  // password and project stay what the developer configured against).
  const keptDemo = !config.KASSA_SEED_FILE && dataDirOf(config) !== undefined;
  const seeded = await importSeed(storage.projects, storage.audit, directory, { from: config.KASSA_SEED_FILE ?? 'demo', clock, ids, replace: !config.KASSA_SEED_FILE && !keptDemo });
  if (seeded.kept.length > 0)
    logger.info({ kept: seeded.kept.length, created: seeded.created.length }, 'seed file imported: records already stored were left as they are (change them with the admin API)');

  // A worker runs jobs only: no public listener (the admin one serves every role).
  const hosts: HostName[] = config.KASSA_ROLE === 'worker' ? [] : ['api', 'pci', 'widget', 'subs'];
  const ports: Record<HostName, number> = { api: config.KASSA_API_PORT, pci: config.KASSA_PCI_PORT, widget: config.KASSA_WIDGET_PORT, subs: config.KASSA_SUBS_PORT };
  const limits = { maxConnections: config.KASSA_MAX_CONNECTIONS, firstByteMs: options.firstByteMs ?? CONNECTION_LIMITS.firstByteMs };
  const servers = Object.fromEntries(hosts.map((h) => [h, createListener(options.timeouts ?? LISTENER_TIMEOUTS, limits)])) as Record<HostName, Server>;
  const admin = createListener(options.timeouts ?? LISTENER_TIMEOUTS, limits);
  const urls = {} as Record<ListenerName, string>;
  const urlOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  for (const h of hosts) urls[h] = urlOf(config.KASSA_HOST, await listen(servers[h], ports[h], config.KASSA_HOST));
  urls.admin = urlOf(config.KASSA_ADMIN_HOST, await listen(admin, config.KASSA_ADMIN_PORT, config.KASSA_ADMIN_HOST));
  // A worker has no listener: links and documents it makes name the configured addresses, or nothing.
  const own = urls as Partial<Record<HostName, string>>;
  const widgetBase = config.KASSA_WIDGET_BASE_URL ?? own.widget?.replace('127.0.0.1', 'localhost') ?? 'http://localhost';
  const apiBase = config.KASSA_API_BASE_URL ?? own.api ?? '/';

  const jobs = config.REDIS_URL ? redisJobs(config.REDIS_URL, config.KASSA_REDIS_PREFIX, config.KASSA_ROLE !== 'api', logger) : inProcessJobs(logger);
  const readiness = new Readiness({ storage: () => storage.ping(), ...(config.REDIS_URL ? { redis: () => jobs.ping() } : {}) });
  const metrics = new KassaMetrics(
    gaugeSources(storage, jobs, clock, async () => (await readiness.report()).ready),
    config.KASSA_ROLE,
  );
  const observed = { ...storage, ...countedRepositories(storage, metrics, clock) };
  const scheduler = requestStampedScheduler(jobs.scheduler, requests);
  const container = buildContainer(config, logger, { api: apiBase, widget: widgetBase }, observed, scheduler, plugins, {
    requests,
    observer: metrics,
    webhooks: (sender) => observedWebhooks(sender, metrics, logger),
  });
  const off = new Set(options.benchmarkOff ?? []);
  const { observer, idempotency, ...wired } = container.get(TOKENS.HttpDeps);
  const httpDeps = {
    ...wired,
    ...(observer && !off.has('metrics') ? { observer } : {}),
    ...(idempotency && !off.has('idempotency') ? { idempotency } : {}),
  };
  const { subsHost, ...rawEndpoints } = xmlEndpoints(httpDeps);
  const deps = { ...httpDeps, rawEndpoints };
  const apps: Record<HostName, () => RequestListener> = {
    api: () => apiApp(deps, !off.has('recording')),
    pci: () => createPciApp(deps),
    widget: () => createWidgetApp(deps, container.get(TOKENS.PaymentPages)),
    // The subscription service: XML endpoints (raw), health, and every other path answered in its XML.
    subs: () => createDocumentHostApp(deps, 'subs', subsHost),
  };
  for (const h of hosts) {
    servers[h].on('request', apps[h]());
    // Requests Node's parser refuses are answered in the format of the path they were for.
    const documents: readonly DocumentRefusal[] =
      h === 'widget' ? widgetPageRefusals(config.KASSA_ENV) : [...deps.rawEndpoints[h as 'api' | 'pci' | 'subs'], ...(h === 'api' ? dashboardRefusals(config.KASSA_ENV) : [])];
    const fallback = h === 'subs' ? subsHost : undefined;
    servers[h].on('clientError', clientErrorHandler(config.KASSA_ENV, documents, fallback, { host: h, observer: metrics }));
    servers[h].on('checkExpectation', expectationFailedHandler(config.KASSA_ENV, documents, fallback));
  }

  const { useCases } = deps;
  admin.on(
    'request',
    createAdminApp({
      logger,
      mode: config.KASSA_ENV,
      clock,
      ids,
      token: config.KASSA_ADMIN_TOKEN,
      metricsNeedToken: config.KASSA_ADMIN_METRICS_AUTH === 'token',
      directory: storage.projects,
      audit: storage.audit,
      deliveries: storage.deliveries,
      recoverDeadDeliveries: useCases.recoverDeadDeliveries,
      ready: () => readiness.report(),
      metrics: () => metrics.exposition(),
      requestScope: requests,
      observer: metrics,
    }),
  );
  admin.on('clientError', clientErrorHandler(config.KASSA_ENV, [], undefined, { host: 'admin', observer: metrics }));
  admin.on('checkExpectation', expectationFailedHandler(config.KASSA_ENV));

  // A job runs in the scope of the request that scheduled it; the sweep and the relay in none.
  await jobs.start({
    runJob: (job) => requests.run(job.requestId, () => useCases.runJob.execute(job), 'job', job.idempotencyKey),
    runDueWork: () => requests.run(undefined, () => useCases.runDueWork.execute()),
    relayEvents: () => requests.run(undefined, () => useCases.relayEvents.execute()),
  });

  logger.info({ urls, env: config.KASSA_ENV, storage: storage.kind, jobs: jobs.kind, role: config.KASSA_ROLE }, 'kassa started');
  await flushed(logger);
  return {
    urls,
    directory: keptDemo ? await storedDirectory(storage, directory) : directory,
    logger,
    metrics,
    storage: storage.kind,
    async stop() {
      readiness.drain();
      if (config.KASSA_DRAIN_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, config.KASSA_DRAIN_SECONDS * 1000));
      await Promise.all(hosts.map((h) => close(servers[h])));
      await jobs.stop();
      await close(admin);
      await storage.close();
      logger.info('kassa stopped');
      await flushed(logger);
    },
  };
}
