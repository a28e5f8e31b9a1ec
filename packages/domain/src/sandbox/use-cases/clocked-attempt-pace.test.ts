import { describe, expect, it } from 'vitest';
import { CLOCKED_ATTEMPTS, ClockedAttemptPace } from './clocked-attempt-pace.js';

describe('ClockedAttemptPace', () => {
  const at = (ms: number) => ({ now: () => new Date(ms) });

  it('one host is one endpoint however its URLs are written: its burst is shared, then refilled in real time', () => {
    let now = 0;
    const pace = new ClockedAttemptPace({ now: () => at(now).now() });
    const urls = ['https://Shop.example/a', 'https://shop.example:443/b?x=1', 'http://user:pw@shop.example./c', 'https://shop.example:8443/d'];
    const sent = Array.from({ length: CLOCKED_ATTEMPTS.burst + 5 }, (_, i) => pace.take(urls[i % urls.length] ?? ''));
    expect(sent.filter((s) => s === undefined)).toHaveLength(CLOCKED_ATTEMPTS.burst);
    expect(sent.at(-1)).toMatchObject({ resting: false });
    expect(pace.take('https://other.example/')).toBeUndefined();
    now += 1000;
    expect(Array.from({ length: CLOCKED_ATTEMPTS.perSecond + 1 }, () => pace.take('https://shop.example/')).filter((s) => s === undefined)).toHaveLength(CLOCKED_ATTEMPTS.perSecond);
  });

  it('three real failures in a row rest the endpoint for 30 s; a success in between resets the count', () => {
    let now = 0;
    const pace = new ClockedAttemptPace({ now: () => new Date(now) });
    pace.settle('https://shop.example/', false);
    pace.settle('https://shop.example/', false);
    pace.settle('https://shop.example/', true);
    pace.settle('https://shop.example/', false);
    expect(pace.take('https://shop.example/')).toBeUndefined();
    pace.settle('https://shop.example/', false);
    pace.settle('https://shop.example/', false);
    expect(pace.take('https://SHOP.example/x')).toMatchObject({ resting: true });
    now += CLOCKED_ATTEMPTS.restSeconds * 1000;
    expect(pace.take('https://shop.example/')).toBeUndefined();
  });
});
