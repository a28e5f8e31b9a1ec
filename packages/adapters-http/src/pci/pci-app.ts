import type { Express } from 'express';
import { createContractRoute } from '../api/contract-routes.js';
import { API_PREFIX } from '../api/prefix.js';
import { createInvoiceRoute } from '../api/invoice-routes.js';
import { baseApp, finishApp } from '@kassa/http-kit';
import type { HttpDeps } from '../shared/http-deps.js';

/**
 * The card data host ({pci_base_url}): only invoice and contract creation, the two operations that
 * accept customer.bank_card. Everything else is served by the API host.
 */
export function createPciApp(deps: HttpDeps): Express {
  const app = baseApp(deps, 'pci');
  app.post(`${API_PREFIX}/invoices`, createInvoiceRoute(deps, true));
  app.post(`${API_PREFIX}/contracts`, createContractRoute(deps, true));
  return finishApp(app, deps, 'pci');
}
