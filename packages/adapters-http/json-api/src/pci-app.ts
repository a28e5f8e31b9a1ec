import type { Express } from 'express';
import { createContractRoute } from './contract-routes.js';
import { createInvoiceRoute } from './invoice-routes.js';
import { baseApp, finishApp, RouteTable } from '@kassa-payments/http-kit';
import { registerOperations } from './register-operations.js';
import type { ApiDeps } from './api-deps.js';

/**
 * The card data host ({pci_base_url}): only invoice and contract creation, the two operations that
 * accept customer.bank_card. Everything else is served by the API host.
 */
export function createPciApp(deps: ApiDeps): Express {
  const routes = registerOperations(new RouteTable(), createInvoiceRoute(deps, true), createContractRoute(deps, true));
  const app = baseApp(deps, 'pci', [], [], [routes.dispatch]);
  routes.servedBy(app);
  return finishApp(app, deps, 'pci', undefined, true);
}
