import { API_CALLS_KEPT, type ApiCall, type ApiCallLog } from '../ports/api-call-log.port.js';
import type { TestApi } from '@kassa-payments/domain/testing';

let seq = 0;
const call = (projectId: number, n: number): ApiCall => ({
  id: `call-${Date.now().toString(36)}-${++seq}`,
  projectId,
  at: new Date(Date.UTC(2026, 10, 24, 10, 0, 0) + n * 1000).toISOString(),
  method: 'POST',
  route: '/api/v3/projects/:projectId/invoices',
  status: 201,
  requestId: `req-${n}`,
  ms: 3,
});

/** What every storage keeps of a project's API calls: newest first, its own only, bounded. */
export function describeApiCallLogContract(name: string, fresh: () => Promise<{ readonly apiCalls: ApiCallLog }>, t: TestApi): void {
  const { describe, it, expect } = t;
  describe(`API call log: ${name}`, () => {
    it(`newest first, a project's own, none older than asked, at most the newest ${API_CALLS_KEPT} kept`, async () => {
      const { apiCalls } = await fresh();
      const project = 500_000 + (Date.now() % 100_000);
      const total = API_CALLS_KEPT + 30;
      for (let n = 0; n < total; n += 25) await Promise.all(Array.from({ length: Math.min(25, total - n) }, (_, i) => apiCalls.record(call(project, n + i))));
      await apiCalls.record(call(project + 1, 0));
      const page = await apiCalls.list(project, '2026-01-01T00:00:00.000Z', 5);
      expect(page.map((c) => c.requestId)).toEqual([total - 1, total - 2, total - 3, total - 4, total - 5].map((n) => `req-${n}`));
      const all = await apiCalls.list(project, '2026-01-01T00:00:00.000Z', 10_000);
      expect(all.length <= API_CALLS_KEPT + 25 && all.length >= API_CALLS_KEPT).toBe(true);
      expect((await apiCalls.list(project, call(project, total - 3).at, 100)).length).toBe(3);
      expect((await apiCalls.list(project + 1, '2026-01-01T00:00:00.000Z', 100)).map((c) => c.requestId)).toEqual(['req-0']);
      // Oldest first by (at, id), strictly after the place, page by page: every kept call once.
      const pages: ApiCall[] = [];
      let place = { at: '2026-01-01T00:00:00.000Z', id: '' };
      for (let page = await apiCalls.after(project, place, 40); page.length > 0; page = await apiCalls.after(project, place, 40)) {
        pages.push(...page);
        const last = page.at(-1) as ApiCall;
        place = { at: last.at, id: last.id };
      }
      expect(pages.map((c) => c.id)).toEqual(all.map((c) => c.id).reverse());
      expect(await apiCalls.after(project + 2, { at: '2026-01-01T00:00:00.000Z', id: '' }, 10)).toEqual([]);
    });
  });
}
