import { sendData, sendResult } from '@kassa-payments/http-kit';
import { RouteTable } from '@kassa-payments/http-kit';
import type { ApiDeps } from './api-deps.js';
import { billingCheckRequest, contractCancelRequest, contractPinRequest, createContractRequest, toCustomer } from './requests.js';
import { answeredWithError, bodyRoute, missingClientIp } from './route.js';
import { registerOperations } from './register-operations.js';
import { contractView } from './views.js';

const param = (value: unknown) => String(value);

/** POST /contracts (also on the PCI host, where `cardAllowed`). */
export function createContractRoute(deps: ApiDeps, cardAllowed: boolean) {
  return bodyRoute(deps, 'createContract', createContractRequest, { clientIpRule: false }, async (body, _req, res, { project, context }) => {
    const customer = toCustomer(body.customer, cardAllowed);
    if (!customer.ok) return void answeredWithError(res, deps, customer.error);
    if (answeredWithError(res, deps, missingClientIp(project, body))) return;
    const result = await deps.useCases.createContract.execute(
      {
        projectId: project.id,
        merchantContractId: body.merchant_contract_id,
        customer: customer.value.customer,
        ...(body.test_info?.test_clock_id ? { testClockId: body.test_info.test_clock_id } : {}),
      },
      context,
    );
    await sendResult(res, result, deps.mode, (c) => contractView(c, deps.carriers), 201);
  });
}

/** The contract and billing-check routes of the API host, registered on `router` (the app itself, or a router of their own). */
export function contractRoutes(deps: ApiDeps, router: RouteTable = new RouteTable()): RouteTable {
  registerOperations(router, createContractRoute(deps, false));

  registerOperations(
    router,
    bodyRoute(deps, 'authorizeContract', contractPinRequest, { clientIpRule: true }, async (body, req, res, { project, context }) => {
      const result = await deps.useCases.authorizeContract.execute({ projectId: project.id, contractId: param(req.params['contractId']), pinCode: body.pin_code }, context);
      await sendResult(res, result, deps.mode, (c) => ({ contract_id: c.id, status: 'active' }));
    }),
  );

  // Cancellation is also sent with an empty body (the spec), so client_ip is not required here.
  registerOperations(
    router,
    bodyRoute(deps, 'cancelContract', contractCancelRequest, { clientIpRule: false }, async (_body, req, res, { project, context }) => {
      const result = await deps.useCases.cancelContract.execute({ projectId: project.id, contractId: param(req.params['contractId']) }, context);
      await sendResult(res, result, deps.mode, (c) => ({ contract_id: c.id, status: 'cancelled' }));
    }),
  );

  registerOperations(
    router,
    bodyRoute(deps, 'checkBilling', billingCheckRequest, { clientIpRule: false }, async (body, _req, res, { context }) => {
      // The spec's {msisdn}, or {customer: {type: mobile_phone, msisdn}} (whose number the version 4 signature covers).
      const msisdn = body.customer ? body.customer.msisdn : body.msisdn;
      const check = await deps.useCases.checkBilling.execute({ msisdn }, context);
      const carrier = check.carrier ? { country: check.carrier.country, network: check.carrier.network, operator: check.carrier.operator } : {};
      sendData(res, { supported: check.supported, customer: { type: 'mobile_phone', msisdn, ...carrier } });
    }),
  );
  return router;
}
