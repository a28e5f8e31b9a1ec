import type { TestProject } from 'vitest/node';
import { sharedServer } from './shared-server.js';
import { startMongoServer } from '../packages/devkit/src/servers/mongo-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUrl: string;
  }
}

/**
 * Provides `mongoUrl` to the tests: MONGO_URL when given; else a mongod on PATH; else
 * mongo-java-server (fetched by scripts/ensure-mongo.sh) on its memory backend. One server for every project that asks (test/shared-server.ts), stopped after the last.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env['MONGO_URL'];
  if (given) {
    project.provide('mongoUrl', given);
    return async () => {};
  }
  const server = await sharedServer('mongo', () => startMongoServer());
  project.provide('mongoUrl', server.url);
  return () => server.release();
}
