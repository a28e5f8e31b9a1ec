import { describe, expect, it } from 'vitest';
import { jobId } from './scheduler.port.js';

describe('jobId', () => {
  it('is deterministic and has no colon (BullMQ reserves it)', () => {
    const job = { name: 'subscription.charge' as const, projectId: 1, aggregateId: 'abc', runAt: '2026-01-01T00:00:00.000Z' };
    expect(jobId(job)).toBe(jobId({ ...job }));
    expect(jobId(job)).not.toContain(':');
    expect(jobId({ ...job, runAt: '2026-01-01T00:00:01.000Z' })).not.toBe(jobId(job));
  });
});
