/** `test` is the spec's test environment (fixed PIN, chosen outcomes, hints); `production` drops it. */
export type KassaMode = 'test' | 'production';

/** Settings the use cases read; lifetimes are Kassa's choice where the spec says "not shown". */
export interface DomainSettings {
  readonly mode: KassaMode;
  readonly contractLifetimeSeconds: number;
  readonly invoiceLifetimeSeconds: number;
}

export const TEST_PIN = '1234';

export const defaultSettings = (mode: KassaMode = 'test'): DomainSettings => ({
  mode,
  contractLifetimeSeconds: 365 * 24 * 3600,
  invoiceLifetimeSeconds: 24 * 3600,
});
