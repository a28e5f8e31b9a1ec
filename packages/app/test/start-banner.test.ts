import { describe, expect, it } from 'vitest';
import { bannerVariables, startBanner } from '../src/cli/start-banner.js';

describe('the start banner', () => {
  it('names listeners bound to every interface (as in the image) by loopback, where the CLI reaches them', () => {
    const urls = { api: 'http://0.0.0.0:8080', pci: 'http://0.0.0.0:8081', widget: 'http://0.0.0.0:8082', subs: 'http://[::]:8083', admin: 'http://127.0.0.1:8090' };
    const banner = startBanner({
      version: '0.1.0',
      urls,
      directory: { partners: [{ login: 'demo', password: 'pw' }], projects: [{ id: 1, subscriptionSecret: 'whsec_x' }] } as never,
      dataDir: undefined,
      adminToken: undefined,
    });
    expect(banner).not.toContain('0.0.0.0');
    expect(bannerVariables(banner)).toMatchObject({ KASSA_API_URL: 'http://127.0.0.1:8080', KASSA_SUBS_URL: 'http://[::1]:8083' });
    expect(banner).toContain('widget http://127.0.0.1:8082');
  });
});
