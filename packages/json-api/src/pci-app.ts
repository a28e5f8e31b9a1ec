import type { Express } from 'express';
import { createContractRoute } from './contract-routes.js';
import { API_PREFIX } from './prefix.js';
import { createInvoiceRoute } from './invoice-routes.js';
import { baseApp, finishApp } from '@kassa-payments/http-kit';
import type { ApiDeps } from './api-deps.js';

/**
 * The card data host ({pci_base_url}): only invoice and contract creation, the two operations that
 * accept customer.bank_card. Everything else is served by the API host.
 */
export function createPciApp(deps: ApiDeps): Express {
  const app = baseApp(deps, 'pci');
  app.post(`${API_PREFIX}/invoices`, createInvoiceRoute(deps, true));
  app.post(`${API_PREFIX}/contracts`, createContractRoute(deps, true));
  return finishApp(app, deps, 'pci', undefined, true);
}
