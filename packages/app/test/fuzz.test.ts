import { FUZZ_PARTNER, logProblems, runFuzz, startKassaProcess } from '@kassa-payments/devkit';
import { describe, expect, it } from 'vitest';

// Hostile input against all four listeners of the assembled app, run as its own process (npm
// start's entry, built by the test command's `tsc -b`), as `npm run fuzz` does for longer. A failure
// names the seed: KASSA_FUZZ_SEED=<seed> sends the same requests again.
describe('hostile input (fast-check generators, all four listeners)', () => {
  it('3,000 requests: no 5xx, the error shape everywhere, alive and healthy after every batch, no card data in the log', async () => {
    const seed = Number(process.env['KASSA_FUZZ_SEED'] ?? Date.now() % 1_000_000);
    const kassa = await startKassaProcess();
    try {
      const report = await runFuzz(kassa, { requests: 3_000, seconds: 60, seed });
      const alive = kassa.alive();
      const exit = await kassa.stop();
      const stderr = kassa.stderr();
      const logs = logProblems([...kassa.lines, ...stderr.split('\n')], report.cardNumbers, report.signatures, FUZZ_PARTNER.password, report.tokens, report.secrets);
      expect({ seed, alive, exit, stderr, problems: [...report.problems, ...logs.slice(0, 20)] }).toEqual({ seed, alive: true, exit: 0, stderr: '', problems: [] });
      // Bounded by time on a slow machine, but never a token run; and it reached the use cases.
      expect(report.sent).toBeGreaterThan(1_000);
      expect(report.byStatus['201']).toBeGreaterThan(0);
      expect(report.cardNumbers.size).toBeGreaterThan(0);
    } finally {
      await kassa.stop();
    }
  }, 120_000);

  it('the log check finds a webhook endpoint secret an answer showed', () => {
    const secret = `whsec_${Buffer.from('a fuzz endpoint secret, 32 bytes').toString('base64')}`;
    const lines = [JSON.stringify({ msg: 'request', body: { secret } })];
    expect(logProblems(lines, new Set(), new Set(), FUZZ_PARTNER.password, new Set(), new Set([secret]))).toEqual(['a webhook endpoint secret in a log line']);
    expect(logProblems(lines, new Set(), new Set(), FUZZ_PARTNER.password, new Set(), new Set())).toEqual([]);
  });
});
