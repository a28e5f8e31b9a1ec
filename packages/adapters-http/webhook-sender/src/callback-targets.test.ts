import { describe, expect, it } from 'vitest';
import { CALLBACK_REFUSAL, isPublicAddress, isPublicCallback, PublicNetworkCallbackTargets } from './callback-targets.js';

// Loopback, private, link-local and unique-local targets in the spellings an attacker used (and
// more): every one is refused; a public address is not. Names resolve through a resolver the test gives.
const resolver = (table: Record<string, string[]>) => async (host: string) => {
  const found = table[host];
  if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  return found;
};
const resolve = resolver({ 'shop.example': ['93.184.216.34'], 'inside.example': ['93.184.216.34', '10.1.2.3'], 'rebind.example': ['127.0.0.1'] });

describe('callback targets', () => {
  it.each([
    'http://127.0.0.1/',
    'http://localhost:8080/',
    'http://LOCALHOST./',
    'http://api.localhost/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::1]/',
    'http://0.0.0.0/',
    'http://0/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[2002:7f00:1::]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[::7f00:1]/',
    'http://[::a9fe:a9fe]/',
    'http://inside.example/',
    'http://rebind.example/',
    'ftp://93.184.216.34/',
    'http://user:pass@93.184.216.34/',
    'http://nowhere.example/',
  ])('%s is refused', async (url) => {
    expect(await isPublicCallback(url, resolve)).toBe(false);
  });

  it.each(['http://93.184.216.34/hook', 'https://shop.example/hooks?x=1', 'http://[2606:4700::1111]/'])('%s is allowed', async (url) => {
    expect(await isPublicCallback(url, resolve)).toBe(true);
  });

  it('isPublicAddress: only public unicast', () => {
    expect(['8.8.8.8', '2001:4860:4860::8888'].map(isPublicAddress)).toEqual([true, true]);
    expect(['127.0.0.1', '::1', '::ffff:10.0.0.1', '224.0.0.1', '255.255.255.255', '2001:db8::1', 'nonsense'].map(isPublicAddress)).toEqual([false, false, false, false, false, false, false]);
  });

  it('refused: one reason for every refusal (which names exist is not told); allowed private networks (local development): only the URL shape is checked; the rate per partner, counted first', async () => {
    const strict = new PublicNetworkCallbackTargets({ privateNetworks: 'refuse', perMinute: 3, resolve });
    expect(await strict.admit('p', 'http://127.0.0.1/')).toEqual({ kind: 'rejected', reason: CALLBACK_REFUSAL });
    expect(await strict.admit('p', 'http://nowhere.example/')).toEqual({ kind: 'rejected', reason: CALLBACK_REFUSAL });
    expect(await strict.admit('p', 'http://shop.example/')).toEqual({ kind: 'ok' });
    // The allowance is spent before any lookup: a partner cannot make Kassa resolve names without bound.
    expect(await strict.admit('p', 'http://shop.example/')).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    const local = new PublicNetworkCallbackTargets({ privateNetworks: 'allow', perMinute: 3, resolve });
    expect(await local.admit('p', 'http://127.0.0.1/')).toEqual({ kind: 'ok' });
    expect(await local.admit('p', 'file:///etc/passwd')).toMatchObject({ kind: 'rejected' });
    expect(await local.admit('p', 'http://127.0.0.1/')).toEqual({ kind: 'ok' });
    expect(await local.admit('p', 'http://127.0.0.1/')).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    // Another partner has its own allowance.
    expect(await local.admit('q', 'http://127.0.0.1/')).toEqual({ kind: 'ok' });
  });

  it('with a count in storage, two processes spend one allowance per partner and fixed minute; a count that fails is thrown, not a refusal', async () => {
    // The shared count as storage keeps it (RateWindows: an atomic add per key and window).
    const windows = new Map<string, number>();
    const count = async (key: string, windowStart: string) => {
      const id = `${key}|${windowStart}`;
      windows.set(id, (windows.get(id) ?? 0) + 1);
      return windows.get(id) ?? 0;
    };
    let now = new Date('2026-11-24T10:00:15.000Z');
    const processes = [0, 1].map(() => new PublicNetworkCallbackTargets({ privateNetworks: 'allow', perMinute: 3, count, now: () => now }));
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push((await processes[i % 2]?.admit('p', 'http://127.0.0.1/'))?.kind);
    expect(verdicts).toEqual(['ok', 'ok', 'ok', 'rate_limited', 'rate_limited']);
    // Retry-After: the rest of the minute.
    expect(await processes[0]?.admit('p', 'http://127.0.0.1/')).toEqual({ kind: 'rate_limited', retryAfterSeconds: 45 });
    expect((await processes[1]?.admit('q', 'http://127.0.0.1/'))?.kind).toBe('ok');
    now = new Date('2026-11-24T10:01:00.000Z');
    expect((await processes[1]?.admit('p', 'http://127.0.0.1/'))?.kind).toBe('ok');
    const broken = new PublicNetworkCallbackTargets({ privateNetworks: 'allow', count: () => Promise.reject(new Error('storage away')) });
    await expect(broken.admit('p', 'http://127.0.0.1/')).rejects.toThrow('storage away');
  });
});
