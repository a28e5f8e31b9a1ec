import type { TestProject } from 'vitest/node';
import { sharedServer } from './shared-server.js';
import { startRedisServer } from '../packages/devkit/src/servers/redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/** Provides `redisUrl` to the tests: REDIS_URL when given; else a redis-server (scripts/ensure-redis.sh) on a free port, one for every project that asks (test/shared-server.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env['REDIS_URL'];
  if (given) {
    project.provide('redisUrl', given);
    return async () => {};
  }
  const server = await sharedServer('redis', () => startRedisServer());
  project.provide('redisUrl', server.url);
  return () => server.release();
}
