import type { Request } from 'express';
import { domainError, specTime, type DomainError, type ProjectErasure, type Result, type TestClock } from '@kassa-payments/domain';
import { advanceTestClockRequest, createTestClockRequest } from '@kassa-payments/protocol';
import { listView, readListQuery, sendResult } from '@kassa-payments/http-kit';
import { RouteTable } from '@kassa-payments/http-kit';
import type { ApiDeps } from './api-deps.js';
import { heldIdempotencyKey } from './idempotency.js';
import { registerOperations } from './register-operations.js';
import { answeredWithError, bodyRoute, route } from './route.js';

/** How long `advance?wait=true` waits (below the usual 30 s client timeout) for the clock to be ready before it answers 202, advancing. */
export const ADVANCE_WAIT_MS = 25_000;
const POLL_MS = 100;

const erasureView = (e: ProjectErasure) => ({
  contracts: e.contracts,
  invoices: e.invoices,
  subscriptions: e.subscriptions,
  events: e.events,
  deliveries: e.deliveries,
  test_clocks: e.testClocks,
  webhook_endpoints: e.webhookEndpoints,
});

export const testClockView = (c: TestClock) => ({
  test_clock_id: c.id,
  name: c.name,
  frozen_time: specTime(c.frozenTime),
  status: c.status,
  advancing_to: c.advancingTo === null ? null : specTime(c.advancingTo),
  created_at: specTime(c.createdAt),
});

const clockId = (req: Request) => String(req.params['testClockId']);

/** The test environment's own operations on a project's sandbox: reset and test clocks; signed like the rest. */
export function sandboxRoutes(deps: ApiDeps, router: RouteTable = new RouteTable()): RouteTable {
  // Read when a request arrives: the routers are also built without their deps (the OpenAPI test).
  const clocks = () => deps.useCases.testClocks;
  registerOperations(
    router,
    route(deps, 'resetTestData', async (_req, res, { project }) => {
      // A keyed reset spares its own key: otherwise it would erase it, and its retry would reset again.
      const idempotencyKey = heldIdempotencyKey(res);
      const result = await deps.useCases.resetTestData.execute({ projectId: project.id, ...(idempotencyKey ? { idempotencyKey } : {}) });
      await sendResult(res, result, deps.mode, erasureView);
    }),
  );
  // Production has no test clocks: their routes are not there (404 for any body, as for any unknown route).
  if (deps.mode === 'production') return router;
  registerOperations(
    router,
    bodyRoute(deps, 'createTestClock', createTestClockRequest, { clientIpRule: false }, async (body, _req, res, { project }) => {
      const result = await clocks().create({ projectId: project.id, frozenTime: body.frozen_time, name: body.name ?? null });
      await sendResult(res, result, deps.mode, testClockView, 201);
    }),
  );
  registerOperations(
    router,
    route(deps, 'listTestClocks', async (req, res, { project }) => {
      const query = readListQuery(req.query);
      if (!query.ok) return void answeredWithError(res, deps, domainError('BAD_REQUEST', query.message));
      const { limit, after } = query.value;
      const result = await clocks().list({ projectId: project.id, limit, ...(after ? { after } : {}) });
      // `test_clocks`: the name of before, for one minor version.
      await sendResult(res, result, deps.mode, (page) => {
        const list = listView(page, testClockView);
        return { ...list, test_clocks: list.items };
      });
    }),
  );
  registerOperations(
    router,
    route(deps, 'getTestClock', async (req, res, { project }) => {
      await sendResult(res, await clocks().get({ projectId: project.id, testClockId: clockId(req) }), deps.mode, testClockView);
    }),
  );
  registerOperations(
    router,
    route(deps, 'deleteTestClock', async (req, res, { project }) => {
      await sendResult(res, await clocks().delete({ projectId: project.id, testClockId: clockId(req) }), deps.mode, testClockView);
    }),
  );
  registerOperations(
    router,
    bodyRoute(deps, 'advanceTestClock', advanceTestClockRequest, { clientIpRule: false }, async (body, req, res, { project, context }) => {
      const ref = { projectId: project.id, testClockId: clockId(req) };
      const started = await clocks().advance({ ...ref, frozenTime: body.frozen_time }, context);
      if (!started.ok || req.query['wait'] !== 'true') return sendResult(res, started, deps.mode, testClockView, 202);
      // ?wait=true: poll the stored clock (any process may run the advance) until ready, within a bound.
      const until = Date.now() + ADVANCE_WAIT_MS;
      let latest: Result<TestClock, DomainError> = started;
      while (latest.ok && latest.value.status === 'advancing' && Date.now() < until && !req.socket.destroyed) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        latest = await clocks().get(ref);
      }
      await sendResult(res, latest, deps.mode, testClockView, latest.ok && latest.value.status === 'ready' ? 200 : 202);
    }),
  );
  return router;
}
