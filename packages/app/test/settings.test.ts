import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { settingsOf } from '../src/settings.js';
import { PRODUCTION } from './e2e.fixture.js';

const webhookPrivateNetworks = (env: Record<string, string>) => settingsOf(readConfig(env)).callers.webhookPrivateNetworks;

describe('KASSA_WEBHOOK_PRIVATE_NETWORKS when unset', () => {
  it('allow only while the API listens on loopback with no trusted proxy in front, in either mode', () => {
    for (const mode of [{}, { ...PRODUCTION, KASSA_SEED_FILE: 'seed.json' }]) {
      expect(webhookPrivateNetworks({ ...mode })).toBe('allow');
      expect(webhookPrivateNetworks({ ...mode, KASSA_HOST: '::1' })).toBe('allow');
      expect(webhookPrivateNetworks({ ...mode, KASSA_TRUST_PROXY: 'false' })).toBe('allow');
    }
  });

  it('refuse on any other address, and behind a proxy (KASSA_TRUST_PROXY set: others reach this Kassa), even on loopback', () => {
    for (const mode of [{}, { ...PRODUCTION, KASSA_SEED_FILE: 'seed.json' }]) {
      expect(webhookPrivateNetworks({ ...mode, KASSA_HOST: '0.0.0.0' })).toBe('refuse');
      expect(webhookPrivateNetworks({ ...mode, KASSA_HOST: '10.1.2.3' })).toBe('refuse');
      for (const proxy of ['loopback', '1', '10.0.0.0/8']) expect(webhookPrivateNetworks({ ...mode, KASSA_TRUST_PROXY: proxy }), proxy).toBe('refuse');
    }
  });

  it('as set, when set', () => {
    expect(webhookPrivateNetworks({ KASSA_HOST: '0.0.0.0', KASSA_WEBHOOK_PRIVATE_NETWORKS: 'allow' })).toBe('allow');
    expect(webhookPrivateNetworks({ KASSA_WEBHOOK_PRIVATE_NETWORKS: 'refuse' })).toBe('refuse');
  });
});
