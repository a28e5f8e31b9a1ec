import { Router, type IRouter } from 'express';
import type { HttpDeps } from '../shared/http-deps.js';
import { sendResult } from '../shared/envelope.js';
import { API_PREFIX } from './prefix.js';
import { route } from './route.js';

/** The test environment's own operations on a project's sandbox data; signed like the rest. */
export function sandboxRoutes(deps: HttpDeps, router: IRouter = Router()): IRouter {
  router.post(
    `${API_PREFIX}/test_data/reset`,
    route(deps, 'resetTestData', async (_req, res, { project }) => {
      const result = await deps.useCases.resetTestData.execute({ projectId: project.id });
      await sendResult(res, result, deps.mode, (erased) => erased);
    }),
  );
  return router;
}
