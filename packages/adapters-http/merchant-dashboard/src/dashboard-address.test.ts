import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { dashboardAddress } from './dashboard-address.js';

// What a dashboard page links to from the path a request named: a browser following the link
// stays on this host, under /dashboard/.
const PAGE = 'https://kassa.test/dashboard/projects/1/events?lang=en';
const followed = (address: string) => new URL(address, PAGE);

describe('dashboardAddress', () => {
  it('keeps a path under /dashboard/ with its query, as a browser reads it', () => {
    expect(dashboardAddress('/dashboard/projects/1/events?type=payment.updated')).toBe('/dashboard/projects/1/events?type=payment.updated');
    expect(dashboardAddress('/dashboard//evil.example/x')).toBe('/dashboard//evil.example/x');
    expect(dashboardAddress('/dashboard/projects/1/./x/../events')).toBe('/dashboard/projects/1/events');
  });

  it('answers the dashboard home for what would leave it', () => {
    for (const away of [
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/dashboard/..//evil.example',
      '/dashboard/%2e%2e/admin',
      'https://evil.example/dashboard/',
      'javascript:alert(1)',
      '/dashboard',
      '/api/v3/openapi.json',
      '',
    ]) {
      expect(dashboardAddress(away), away).toBe('/dashboard/');
    }
  });

  test.prop([
    fc.oneof(
      fc.string(),
      fc.webPath(),
      fc.webUrl(),
      fc.webPath().map((p) => `/dashboard${p}`),
      fc.string().map((p) => `/dashboard/${p}`),
    ),
  ])('a link to the answer never leaves the dashboard', (address) => {
    const url = followed(dashboardAddress(address));
    expect(url.origin).toBe('https://kassa.test');
    expect(url.pathname.startsWith('/dashboard/')).toBe(true);
  });
});
