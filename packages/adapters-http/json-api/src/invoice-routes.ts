import { INVOICE_STATUS_BY_STATE } from '@kassa-payments/protocol';
import { checkPaymentMethod, type CreateInvoiceInput } from '@kassa-payments/domain';
import { markDeprecated, sendResult } from '@kassa-payments/http-kit';
import { RouteTable } from '@kassa-payments/http-kit';
import type { ApiDeps } from './api-deps.js';
import { clientIpRequest, createInvoiceRequest, pinRequest, toCustomer, toPrice } from './requests.js';
import { answeredWithError, bodyRoute, missingClientIp, route } from './route.js';
import { registerOperations } from './register-operations.js';
import { invoiceView } from './views.js';

const param = (value: unknown) => String(value);

/** POST /invoices (also on the PCI host, where `cardAllowed`). */
export function createInvoiceRoute(deps: ApiDeps, cardAllowed: boolean) {
  const view = { carriers: deps.carriers, paymentPages: deps.paymentPages };
  // The client_ip rule comes after the customer and price checks, so a bad card is named first.
  return bodyRoute(deps, 'createInvoice', createInvoiceRequest, { clientIpRule: false }, async (b, _req, res, { project, partner, context }) => {
    const method = checkPaymentMethod(b.payment_method);
    const customer = toCustomer(b.customer, cardAllowed);
    const price = toPrice(b.order.price);
    if (!customer.ok || !price.ok || !method.ok) {
      return void answeredWithError(res, deps, !customer.ok ? customer.error : undefined, !price.ok ? price.error : undefined, !method.ok ? method.error : undefined);
    }
    if (answeredWithError(res, deps, missingClientIp(project, b))) return;
    if (customer.value.deprecatedAlias || b.payment_method !== undefined) markDeprecated(res);
    const mcid = b.contract?.merchant_contract_id;
    const testInfo = b.test_info && {
      ...(b.test_info.expected_billing_result ? { expectedBillingResult: b.test_info.expected_billing_result } : {}),
      ...(b.test_info.callback_url ? { callbackUrl: b.test_info.callback_url } : {}),
    };
    const input: CreateInvoiceInput = {
      projectId: project.id,
      partnerLogin: partner.login,
      merchantOrderId: b.order.merchant_order_id,
      customer: customer.value.customer,
      ...(price.value ? { price: price.value } : {}),
      ...(b.order.price?.vat_included !== undefined ? { vatIncluded: b.order.price.vat_included } : {}),
      ...(b.order.description !== undefined ? { description: b.order.description } : {}),
      ...(b.application?.name !== undefined ? { applicationName: b.application.name } : {}),
      ...(b.product?.name !== undefined ? { productName: b.product.name } : {}),
      ...(b.contract ? { contract: { ...(mcid ? { merchantContractId: mcid } : {}), createIfNotExists: b.contract.create_if_not_exists ?? false } } : {}),
      ...(testInfo ? { testInfo } : {}),
      ...(b.test_info?.test_clock_id ? { testClockId: b.test_info.test_clock_id } : {}),
    };
    const result = await deps.useCases.createInvoice.execute(input, context);
    await sendResult(res, result, deps.mode, (created) => invoiceView(created.invoice, view), 201);
  });
}

/** The invoice routes of the API host, registered on `router` at their operations' paths (`registerOperations`). */
export function invoiceRoutes(deps: ApiDeps, router: RouteTable = new RouteTable()): RouteTable {
  const view = { carriers: deps.carriers, paymentPages: deps.paymentPages };
  const withIp = { clientIpRule: true };
  const ref = (req: { params: Record<string, unknown> }, projectId: number) => ({ projectId, invoiceId: param(req.params['invoiceId']) });

  registerOperations(
    router,
    createInvoiceRoute(deps, false),
    route(deps, 'findInvoiceByOrderId', async (req, res, { project }) => {
      const orderId = req.query['merchant_order_id'];
      if (typeof orderId !== 'string' || orderId.length === 0) {
        return void answeredWithError(res, deps, { code: 'BAD_REQUEST', message: 'merchant_order_id: required query parameter' });
      }
      const result = await deps.useCases.findInvoiceByOrderId.execute({ projectId: project.id, merchantOrderId: orderId });
      await sendResult(res, result, deps.mode, (i) => invoiceView(i, { ...view, maskPhone: true }));
    }),
  );

  registerOperations(
    router,
    route(deps, 'getInvoice', async (req, res, { project }) => {
      const result = await deps.useCases.getInvoice.execute({ projectId: project.id, invoiceId: param(req.params['invoiceId']) });
      await sendResult(res, result, deps.mode, (i) => invoiceView(i, view));
    }),
  );

  registerOperations(
    router,
    bodyRoute(deps, 'authorizeInvoice', pinRequest, withIp, async (body, req, res, { project, context }) => {
      const result = await deps.useCases.authorizeInvoice.execute({ ...ref(req, project.id), pinCode: body.pin_code }, context);
      await sendResult(res, result, deps.mode, (i) => ({ invoice_id: i.id, status: INVOICE_STATUS_BY_STATE.authorized }));
    }),
  );

  registerOperations(
    router,
    bodyRoute(deps, 'cancelInvoice', clientIpRequest, withIp, async (_body, req, res, { project, context }) => {
      const result = await deps.useCases.cancelInvoice.execute(ref(req, project.id), context);
      await sendResult(res, result, deps.mode, (i) => ({ invoice_id: i.id, status: INVOICE_STATUS_BY_STATE.cancelled }));
    }),
  );

  registerOperations(
    router,
    bodyRoute(deps, 'refundInvoice', clientIpRequest, withIp, async (_body, req, res, { project, context }) => {
      const result = await deps.useCases.refundInvoice.execute(ref(req, project.id), context);
      await sendResult(res, result, deps.mode, (i) => ({ invoice_id: i.id, refund_status: i.refundStatus }), 202);
    }),
  );
  return router;
}
