// BullMQ and Redis: the domain's jobs as delayed jobs, the workers that run them, the periodic sweep and relay.
export { BullmqScheduler, KASSA_QUEUE, kassaQueue, type QueuedJob } from './bullmq-scheduler.js';
export { BullmqWorker, type QueueWork, type WorkerConnection, type WorkerOptions } from './bullmq-worker.js';
export { STALL_WATCH, type StallWatch } from './partition-worker.js';
export { PartitionedScheduler } from './partitioned-scheduler.js';
export { producerConnection, redisConnection, type RedisConnection } from './redis-connection.js';
export { hostPorts, needsHashTags, partitionOf, partitionPrefix, redisClient, type HostPort, type RedisClient, type RedisTarget, type RedisTimeouts, type RedisUse } from './redis-target.js';
export { redisTlsProblem } from './redis-tls-check.js';
export { claimPartitions, PARTITIONS_CLAIM_TTL_MS, PartitionsMismatch, partitionsKey } from './partition-claim.js';
