import type { ServiceIdentifier } from 'inversify';
import type { KassaPorts, KassaUseCases, Scheduler } from '@kassa/domain';
import type { JwtPaymentPages } from '@kassa/payment-pages';
import type { Logger } from 'pino';
import type { KassaConfig } from './config.js';
import type { HttpDeps } from './http-deps.js';
import type { Storage } from './storage.js';

/** Inversify service identifiers of the composition root. */
export const TOKENS = {
  Config: Symbol.for('kassa.Config') as ServiceIdentifier<KassaConfig>,
  Logger: Symbol.for('kassa.Logger') as ServiceIdentifier<Logger>,
  WidgetBaseUrl: Symbol.for('kassa.WidgetBaseUrl') as ServiceIdentifier<string>,
  Storage: Symbol.for('kassa.Storage') as ServiceIdentifier<Storage>,
  PaymentPages: Symbol.for('kassa.PaymentPages') as ServiceIdentifier<JwtPaymentPages>,
  Scheduler: Symbol.for('kassa.Scheduler') as ServiceIdentifier<Scheduler>,
  Ports: Symbol.for('kassa.Ports') as ServiceIdentifier<KassaPorts>,
  UseCases: Symbol.for('kassa.UseCases') as ServiceIdentifier<KassaUseCases>,
  HttpDeps: Symbol.for('kassa.HttpDeps') as ServiceIdentifier<HttpDeps>,
} as const;
