import { randomBytes } from 'node:crypto';
import { dataDirOf, type KassaConfig, readConfig } from '../config.js';
import { startKassa } from '../server.js';
import type { Tracing } from '../telemetry/tracing.js';
import { buildInfo } from '../version.js';
import { startBanner } from './start-banner.js';

/**
 * The quick start's demo (the test environment, no seed file) gets an admin token of its own when none
 * is given, shown once in the banner: the operator docs' admin commands then work as written, while
 * the admin listener stays on loopback and its API behind a token.
 */
function withDemoAdminToken(config: KassaConfig): KassaConfig {
  const demo = config.KASSA_ENV === 'test' && !config.KASSA_SEED_FILE && config.KASSA_ROLE !== 'worker';
  return demo && !config.KASSA_ADMIN_TOKEN ? { ...config, KASSA_ADMIN_TOKEN: randomBytes(24).toString('base64url') } : config;
}

/** `kassa start` (and `kassa` alone, `npm start`): runs Kassa on its embedded defaults, configured by KASSA_* variables (docs/operators/configuration.md). */
export async function runKassa(env: Record<string, string | undefined> = process.env, tracing?: Tracing): Promise<void> {
  const config = withDemoAdminToken(readConfig(env));
  // Listening for signals before the start: a SIGTERM that arrives while Kassa starts (or just
  // after its "kassa started" line) stops it cleanly instead of killing it.
  let signalled: string | undefined;
  // A start that waits (a worker waiting for Redis) is ended by the signal, not waited out.
  const starting = new AbortController();
  const early = (signal: string) => {
    signalled ??= signal;
    starting.abort(new Error(`${signal} while starting`));
  };
  process.on('SIGTERM', early);
  process.on('SIGINT', early);
  let kassa: Awaited<ReturnType<typeof startKassa>>;
  try {
    kassa = await startKassa(config, { signal: starting.signal });
  } catch (e) {
    // Stopped before it started: nothing was served, and nothing is left to finish.
    if (starting.signal.aborted) process.exit(0);
    throw e;
  }
  if (!config.KASSA_SEED_FILE && config.KASSA_ROLE !== 'worker') {
    // The generated demo credentials are shown once, here, and never written to the log.
    process.stdout.write(startBanner({ version: buildInfo().version, urls: kassa.urls, directory: kassa.directory, dataDir: dataDirOf(config), adminToken: config.KASSA_ADMIN_TOKEN }));
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    kassa.logger.info({ signal }, 'shutting down');
    kassa
      .stop()
      // The spans still in the exporter's batch are sent before the process ends, within a short
      // deadline (tracing-sdk.ts): a collector that does not answer does not hold the stop.
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.removeListener('SIGTERM', early);
  process.removeListener('SIGINT', early);
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  if (signalled) shutdown(signalled);
}
