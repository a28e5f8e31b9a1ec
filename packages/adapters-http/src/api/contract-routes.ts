import { Router } from 'express';
import { sendData, sendResult } from '../shared/envelope.js';
import type { HttpDeps } from '../shared/http-deps.js';
import { API_PREFIX } from './prefix.js';
import { billingCheckRequest, clientIpRequest, createContractRequest, parseRequest, pinRequest, toCustomer } from './requests.js';
import { answeredWithError, missingClientIp, route } from './route.js';
import { contractView } from './views.js';

const param = (value: unknown) => String(value);

/** POST /contracts (also on the PCI host, where `cardAllowed`). */
export function createContractRoute(deps: HttpDeps, cardAllowed: boolean) {
  return route(deps, 'createContract', async (req, res, { project }) => {
    const body = parseRequest(createContractRequest, req.body);
    if (!body.ok) return void answeredWithError(res, deps, body.error);
    const customer = toCustomer(body.value.customer, cardAllowed);
    if (!customer.ok) return void answeredWithError(res, deps, customer.error);
    if (answeredWithError(res, deps, missingClientIp(project, body.value))) return;
    const result = await deps.useCases.createContract.execute({ projectId: project.id, merchantContractId: body.value.merchant_contract_id, customer: customer.value.customer });
    await sendResult(res, result, deps.mode, (c) => contractView(c, deps.carriers), 201);
  });
}

/** The contract and billing-check routes of the API host. */
export function contractRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.post(`${API_PREFIX}/contracts`, ...createContractRoute(deps, false));

  router.post(`${API_PREFIX}/contracts/:contractId/authorize`, ...route(deps, 'authorizeContract', async (req, res, { project }) => {
    const body = parseRequest(pinRequest, req.body);
    if (!body.ok) return void answeredWithError(res, deps, body.error);
    if (answeredWithError(res, deps, missingClientIp(project, body.value))) return;
    const result = await deps.useCases.authorizeContract.execute({ projectId: project.id, contractId: param(req.params['contractId']), pinCode: body.value.pin_code });
    await sendResult(res, result, deps.mode, (c) => ({ contract_id: c.id, status: 'active' }));
  }));

  router.post(`${API_PREFIX}/contracts/:contractId/cancel`, ...route(deps, 'cancelContract', async (req, res, { project }) => {
    const body = parseRequest(clientIpRequest, req.body);
    if (!body.ok) return void answeredWithError(res, deps, body.error);
    const result = await deps.useCases.cancelContract.execute({ projectId: project.id, contractId: param(req.params['contractId']) });
    await sendResult(res, result, deps.mode, (c) => ({ contract_id: c.id, status: 'cancelled' }));
  }));

  router.post(`${API_PREFIX}/billing/check`, ...route(deps, 'checkBilling', async (req, res) => {
    const body = parseRequest(billingCheckRequest, req.body);
    if (!body.ok) return void answeredWithError(res, deps, body.error);
    const msisdn = body.value.msisdn ?? body.value.customer?.msisdn;
    if (!msisdn) return void answeredWithError(res, deps, { code: 'BAD_REQUEST', message: 'msisdn: required' });
    const check = await deps.useCases.checkBilling.execute({ msisdn });
    const carrier = check.carrier ? { country: check.carrier.country, network: check.carrier.network, operator: check.carrier.operator } : {};
    sendData(res, { supported: check.supported, customer: { type: 'mobile_phone', msisdn, ...carrier } });
  }));
  return router;
}
