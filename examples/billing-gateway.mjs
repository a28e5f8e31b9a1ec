// An example KASSA_BILLING_GATEWAY module: its default export is a factory that returns a
// BillingGateway (see docs/operators/production.md).
// This one approves every charge and refund and keeps nothing: replace its two methods with calls
// to your carrier's or acquirer's API. `idempotencyKey` must make a repeated charge a no-op there.
// `context` is the request (or the job a request scheduled) the call serves: its requestId ties your
// log lines to the request's own.
export default function createBillingGateway({ env, logger }) {
  const serviceNumber = env.EXAMPLE_GATEWAY_SERVICE_NUMBER ?? 'EXAMPLE';
  return {
    async charge(request, context) {
      logger.info({ requestId: context?.requestId, idempotencyKey: request.idempotencyKey, amount: request.amount }, 'example gateway: charge approved');
      const billingChannel = request.customer.type === 'mobile_phone' ? 'MC' : 'BankRtp';
      return { status: 'SUCCESS', resultCode: 0, resultDescription: 'SUCCESS', billingChannel, serviceNumber };
    },
    async refund(request, context) {
      logger.info({ requestId: context?.requestId, idempotencyKey: request.idempotencyKey }, 'example gateway: refund done');
    },
  };
}
