/**
 * A billing gateway plugin (KASSA_BILLING_GATEWAY) for the multi-process tests: every charge call is
 * told to the test's bank (TEST_BANK_URL, a receiver) with its idempotency key, and succeeds.
 */
export const BANK_GATEWAY_MODULE = `export default ({ env }) => ({
  async charge(request) {
    const res = await fetch(env.TEST_BANK_URL, { method: 'POST', body: JSON.stringify({ key: request.idempotencyKey }) });
    if (!res.ok) throw new Error('bank away');
    return { status: 'SUCCESS', resultCode: 0, resultDescription: 'SUCCESS', billingChannel: 'MC', serviceNumber: 'TEST' };
  },
  async refund() {},
});
`;
