import { TestEnvironmentBillingGateway, TestEnvironmentCarrierLookup, TestEnvironmentGeography } from '@kassa-payments/adapters-memory';
import { RealTime, TestClockTime, testEnvironmentSandbox, type KassaMode, type KassaPorts } from '@kassa-payments/domain';
import type { Logger } from 'pino';
import { PRODUCTION_REQUIRES } from './config.js';
import type { Extensions } from './extensions.js';
import { LogOnlySmsSender } from './node-ports.js';

/**
 * The ports that reach the world outside (the deployment's own, from extensions, or the sandbox's),
 * the aggregates' time, and the test environment's policy.
 */
export type EnvironmentPorts = Pick<KassaPorts, 'gateway' | 'sms' | 'carriers' | 'geography' | 'time' | 'sandbox'>;

/**
 * The one place the mode chooses who bills, texts and looks numbers up, and the sandbox. The test
 * environment fills what was not configured with the sandbox (its gateway, carrier directory and
 * geography, an SMS sender that only logs), and adds the sandbox's policy and its test clocks' time; production
 * has its own ports, which the configuration's schema requires (PRODUCTION_REQUIRES), real time
 * and no sandbox.
 */
export function environmentPorts(mode: KassaMode, extensions: Extensions, logger: Logger, time: Pick<KassaPorts, 'clock' | 'testClocks'>): EnvironmentPorts {
  const { gateway, sms, carriers, geography } = extensions;
  if (mode === 'production') {
    // Only an embedder who skipped the schema gets here without them.
    if (!gateway) throw new Error(`KASSA_BILLING_GATEWAY: required in production: ${PRODUCTION_REQUIRES.KASSA_BILLING_GATEWAY}`);
    if (!sms) throw new Error(`KASSA_SMS_SENDER: required in production: ${PRODUCTION_REQUIRES.KASSA_SMS_SENDER}`);
    if (!carriers) throw new Error(`KASSA_CARRIER_LOOKUP: required in production: ${PRODUCTION_REQUIRES.KASSA_CARRIER_LOOKUP}`);
    if (!geography) throw new Error(`KASSA_GEOIP_DATABASE: required in production: ${PRODUCTION_REQUIRES.KASSA_GEOIP_DATABASE}`);
    return { gateway, sms, carriers, geography, time: new RealTime(time.clock) };
  }
  return {
    gateway: gateway ?? new TestEnvironmentBillingGateway(),
    sms: sms ?? new LogOnlySmsSender(logger),
    carriers: carriers ?? new TestEnvironmentCarrierLookup(),
    geography: geography ?? new TestEnvironmentGeography(),
    time: new TestClockTime(time.testClocks, time.clock),
    sandbox: testEnvironmentSandbox,
  };
}
