import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BillingGateway, SmsSender } from '@kassa/domain';
import type { Logger } from 'pino';

/** What a plugin module's factory is given. */
export interface PluginContext {
  /** The process environment, for the plugin's own settings (credentials, endpoints). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
}

/** A KASSA_BILLING_GATEWAY module's default export. */
export type BillingGatewayFactory = (context: PluginContext) => BillingGateway | Promise<BillingGateway>;
/** A KASSA_SMS_SENDER module's default export. */
export type SmsSenderFactory = (context: PluginContext) => SmsSender | Promise<SmsSender>;

/**
 * Loads a deployment's own port implementation: `path` (absolute, or relative to the working
 * directory) is an ES module whose default export is a factory; what it returns must have `methods`.
 * A mistake stops the start with a message naming the variable.
 */
async function loadPlugin<T>(variable: string, path: string, methods: readonly string[], context: PluginContext): Promise<T> {
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(resolve(path)).href)) as { default?: unknown };
  } catch (err) {
    throw new Error(`${variable}: cannot load ${path}: ${(err as Error).message}`);
  }
  if (typeof module.default !== 'function') throw new Error(`${variable}: ${path} must export a factory function as its default export`);
  const made: unknown = await (module.default as (c: PluginContext) => unknown)(context);
  const missing = methods.filter((m) => typeof (made as Record<string, unknown> | null)?.[m] !== 'function');
  if (missing.length > 0) throw new Error(`${variable}: the factory of ${path} returned no ${missing.join(', ')} method`);
  return made as T;
}

export const loadBillingGateway = (path: string, context: PluginContext) => loadPlugin<BillingGateway>('KASSA_BILLING_GATEWAY', path, ['charge', 'refund'], context);
export const loadSmsSender = (path: string, context: PluginContext) => loadPlugin<SmsSender>('KASSA_SMS_SENDER', path, ['sendPin'], context);
