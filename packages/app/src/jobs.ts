import { BullmqScheduler, BullmqWorker, kassaQueue, producerConnection, redisConnection } from '@kassa/adapters-queue';
import type { Job, Scheduler } from '@kassa/domain';
import type { Logger } from 'pino';
import { every } from './background.js';
import { EmbeddedScheduler } from './embedded-scheduler.js';

/** What the jobs run: the built use cases. */
export interface JobWork {
  runJob(job: Pick<Job, 'name' | 'projectId' | 'aggregateId' | 'requestId' | 'idempotencyKey' | 'traceparent'>): Promise<void>;
  runDueWork(): Promise<unknown>;
  relayEvents(): Promise<unknown>;
}

/** Where jobs go and who runs them: in this process, or BullMQ on Redis (shared by N processes). */
export interface Jobs {
  readonly kind: 'in-process' | 'redis';
  readonly scheduler: Scheduler;
  /** Starts running jobs here (a no-op for an api-only process on Redis). */
  start(work: JobWork): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /** Jobs by state (the metrics). */
  depth(): Promise<Readonly<Record<'waiting' | 'delayed' | 'failed', number>>>;
  /** Answers when the queue's store does (Redis); throws otherwise (readiness). */
  ping(): Promise<void>;
}

const SWEEP_MS = 5_000;
const RELAY_MS = 200;

/** Embedded: timers for near jobs, the due-work sweep every 5 s, the relay every 200 ms. */
export function inProcessJobs(logger: Logger): Jobs {
  const scheduler = new EmbeddedScheduler(logger, () => new Date());
  let loops: { stop(): Promise<void> }[] = [];
  return {
    kind: 'in-process',
    scheduler,
    async start(work) {
      scheduler.attach((job) => work.runJob(job));
      loops = [every(SWEEP_MS, () => work.runDueWork(), logger, 'due-work sweep'), every(RELAY_MS, () => work.relayEvents(), logger, 'event relay')];
    },
    async stop() {
      await Promise.all(loops.map((l) => l.stop()));
      await scheduler.stop();
    },
    depth: async () => scheduler.depth(),
    ping: async () => {},
  };
}

/** BullMQ on Redis: every role schedules into the queue; `all` and `worker` also run it. */
export function redisJobs(url: string, prefix: string, runsJobs: boolean, logger: Logger): Jobs {
  const connection = redisConnection(url);
  const queue = kassaQueue(producerConnection(connection), prefix);
  // Without a listener ioredis prints Redis trouble to the console, outside the structured log.
  queue.on('error', (err) => logger.error({ err: { type: err.name, message: err.message } }, 'queue error'));
  let worker: BullmqWorker | undefined;
  return {
    kind: 'redis',
    scheduler: new BullmqScheduler(queue),
    async start(work) {
      if (runsJobs)
        worker = await BullmqWorker.start(connection, { runJob: (job) => work.runJob(job), runDueWork: () => work.runDueWork(), relayEvents: () => work.relayEvents() }, logger, { prefix });
    },
    async stop() {
      await worker?.close();
      await queue.close();
    },
    async depth() {
      const counts = await queue.getJobCounts('waiting', 'delayed', 'failed');
      return { waiting: counts['waiting'] ?? 0, delayed: counts['delayed'] ?? 0, failed: counts['failed'] ?? 0 };
    },
    async ping() {
      // One round trip to Redis through the producer's connection, which fails at once while Redis is away.
      await queue.getJobCounts('waiting');
    },
  };
}
