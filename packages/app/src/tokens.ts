import type { OpenStreams } from '@kassa-payments/json-api';
import type { ServiceIdentifier } from 'inversify';
import type { Clock, IdGenerator, KassaPorts, KassaUseCases, Scheduler } from '@kassa-payments/domain';
import type { AdminDeps } from '@kassa-payments/admin-api';
import type { CallerAuthentication } from '@kassa-payments/operations';
import type { JwtPaymentPages } from '@kassa-payments/payment-pages';
import type { Logger } from 'pino';
import type { Extensions } from './extensions.js';
import type { HostApp } from './host-apps.js';
import type { HttpDeps } from './http-deps.js';
import type { Jobs } from './jobs.js';
import type { KassaMetrics } from './operations/kassa-metrics.js';
import type { Readiness } from './operations/readiness.js';
import type { HostName, KassaSettings } from './settings.js';
import type { Storage } from './storage.js';

/** The public base addresses that links and documents name. */
export interface PublicUrls {
  readonly api: string;
  readonly widget: string;
}

const token = <T>(name: string) => Symbol.for(`kassa.${name}`) as ServiceIdentifier<T>;

/** Inversify service identifiers of the composition root. */
export const TOKENS = {
  Settings: token<KassaSettings>('Settings'),
  Logger: token<Logger>('Logger'),
  PublicUrls: token<PublicUrls>('PublicUrls'),
  Storage: token<Storage>('Storage'),
  Jobs: token<Jobs>('Jobs'),
  Extensions: token<Extensions>('Extensions'),
  Clock: token<Clock>('Clock'),
  Ids: token<IdGenerator>('Ids'),
  Readiness: token<Readiness>('Readiness'),
  Metrics: token<KassaMetrics>('Metrics'),
  PaymentPages: token<JwtPaymentPages>('PaymentPages'),
  Callers: token<CallerAuthentication>('Callers'),
  Scheduler: token<Scheduler>('Scheduler'),
  Ports: token<KassaPorts>('Ports'),
  UseCases: token<KassaUseCases>('UseCases'),
  HttpDeps: token<HttpDeps>('HttpDeps'),
  AdminDeps: token<AdminDeps>('AdminDeps'),
  HostApps: token<Record<HostName, () => HostApp>>('HostApps'),
  /** The event and request streams open on this process (ended when it stops). */
  OpenStreams: token<OpenStreams>('OpenStreams'),
} as const;
