import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MaxmindGeography } from '@kassa-payments/adapters-geoip';
import type { BillingGateway, CarrierLookup, Geography, SmsSender } from '@kassa-payments/domain';
import type { Logger } from 'pino';
import type { ExtensionSettings } from './settings.js';

/** What an extension module's factory is given. */
export interface ExtensionContext {
  /** The process environment, for the extension's own settings (credentials, endpoints). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
}

/** A KASSA_BILLING_GATEWAY module's default export. */
export type BillingGatewayFactory = (context: ExtensionContext) => BillingGateway | Promise<BillingGateway>;
/** A KASSA_SMS_SENDER module's default export. */
export type SmsSenderFactory = (context: ExtensionContext) => SmsSender | Promise<SmsSender>;
/** A KASSA_CARRIER_LOOKUP module's default export. */
export type CarrierLookupFactory = (context: ExtensionContext) => CarrierLookup | Promise<CarrierLookup>;

/** The deployment's own port implementations, each present when its module was configured. */
export interface Extensions {
  readonly gateway?: BillingGateway;
  readonly sms?: SmsSender;
  readonly carriers?: CarrierLookup;
  /** From the MaxMind DB file KASSA_GEOIP_DATABASE names. */
  readonly geography?: Geography;
}

/**
 * Loads a deployment's own port implementation: `path` (absolute, or relative to the working
 * directory) is an ES module whose default export is a factory; what it returns must have `methods`.
 * A mistake stops the start with a message naming the variable.
 */
async function load<F extends (context: ExtensionContext) => unknown>(variable: string, path: string, methods: readonly string[], context: ExtensionContext): Promise<Awaited<ReturnType<F>>> {
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(resolve(path)).href)) as { default?: unknown };
  } catch (err) {
    throw new Error(`${variable}: cannot load ${path}: ${(err as Error).message}`);
  }
  if (typeof module.default !== 'function') throw new Error(`${variable}: ${path} must export a factory function as its default export`);
  const made: unknown = await (module.default as F)(context);
  const missing = methods.filter((m) => typeof (made as Record<string, unknown> | null)?.[m] !== 'function');
  if (missing.length > 0) throw new Error(`${variable}: the factory of ${path} returned no ${missing.join(', ')} method`);
  return made as Awaited<ReturnType<F>>;
}

/** The geography of KASSA_GEOIP_DATABASE: a file that cannot be read as a country database stops the start. */
async function openGeography(path: string, context: ExtensionContext): Promise<Geography> {
  let geography: MaxmindGeography;
  try {
    geography = await MaxmindGeography.open(path);
  } catch (err) {
    throw new Error(`KASSA_GEOIP_DATABASE: ${(err as Error).message}`);
  }
  const { databaseType, builtAt } = geography.database;
  context.logger.info({ path, databaseType, builtAt: builtAt.toISOString() }, 'geography: client addresses are placed by the MaxMind DB (refresh it as MaxMind updates it, and restart)');
  return geography;
}

/**
 * The configured extensions. Which ones production needs is the configuration schema's
 * (PRODUCTION_REQUIRES); the test environment fills a gap with the sandbox's own.
 */
export async function loadExtensions(settings: ExtensionSettings, context: ExtensionContext): Promise<Extensions> {
  const { billingGateway, smsSender, carrierLookup, geoipDatabase } = settings;
  return {
    ...(billingGateway ? { gateway: await load<BillingGatewayFactory>('KASSA_BILLING_GATEWAY', billingGateway, ['charge', 'refund'], context) } : {}),
    ...(smsSender ? { sms: await load<SmsSenderFactory>('KASSA_SMS_SENDER', smsSender, ['sendPin'], context) } : {}),
    ...(carrierLookup ? { carriers: await load<CarrierLookupFactory>('KASSA_CARRIER_LOOKUP', carrierLookup, ['lookup'], context) } : {}),
    ...(geoipDatabase ? { geography: await openGeography(geoipDatabase, context) } : {}),
  };
}
