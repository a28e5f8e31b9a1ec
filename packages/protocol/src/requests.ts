import { z } from 'zod';
import { FIELD_RULES } from './field-rules.js';
import { LIMITS } from './limits.js';
import { TEST_ONLY } from './test-only.js';

const text = (max: number) => z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const upTo = (max: number) => z.string().max(max, `must be at most ${max} characters`);
export const msisdnSchema = FIELD_RULES.msisdn.check.meta({ id: 'Msisdn', description: 'E.164, digits only', example: '79001234567' });
const clientIp = FIELD_RULES.clientIp.check.meta({ description: 'the caller IP; required unless the project says otherwise', example: '203.0.113.7' });
/** A card field of digits, which JSON may also send as a number. */
const digits = (digitsRule: z.ZodString) => z.union([z.number().int().nonnegative().transform(String), z.string()]).pipe(digitsRule);

export const bankCardSchema = z
  .object({
    pan: FIELD_RULES.pan.check,
    expiration_month: digits(FIELD_RULES.expirationMonth.check).transform(Number),
    expiration_year: digits(FIELD_RULES.expirationYear.check).transform((y) => (y.length === 2 ? 2000 + Number(y) : Number(y))),
    security_code: FIELD_RULES.securityCode.check,
    cardholder: FIELD_RULES.cardholder.check.optional(),
  })
  .meta({ id: 'BankCard', description: 'Card data: on the PCI host only, with customer.type bank_card. Never stored but its last four digits; the security code never.' });

/**
 * The customer of a request. One object for all types (the API reports the first missing field by
 * name rather than "no union member matched"): mobile_phone needs msisdn; the card types need
 * source, country and merchant_customer_id.
 */
export const customerRequestSchema = z
  .object({
    type: z.enum(['mobile_phone', 'undefined_bank_card', 'bank_card'], { error: 'must be mobile_phone, undefined_bank_card or bank_card' }),
    msisdn: msisdnSchema.optional(),
    email: FIELD_RULES.email.check.optional(),
    country: FIELD_RULES.country.check.optional(),
    source: text(LIMITS.source).optional(),
    merchant_customer_id: FIELD_RULES.merchantCustomerId.check.optional(),
    bank_card: bankCardSchema.optional(),
  })
  .meta({ id: 'CustomerRequest' });
export type CustomerRequest = z.infer<typeof customerRequestSchema>;

const testClockId = z
  .string()
  .regex(/^[0-9a-f-]{36}$/, 'must be a test clock id')
  .meta({ description: 'a test clock of the project (POST test_clocks)' });

/** A test clock's time: ISO 8601 with Z or an offset, between 2000 and 2200. */
export const frozenTimeSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2027-01-01T00:00:00Z' })
  .refine((t) => Date.parse(t) >= Date.UTC(2000, 0, 1) && Date.parse(t) < Date.UTC(2200, 0, 1), 'must be between 2000 and 2200')
  .meta({ example: '2027-01-01T00:00:00Z' });

export const createTestClockRequest = z
  .object({ frozen_time: frozenTimeSchema, name: upTo(LIMITS.name).optional() })
  .meta({ id: 'CreateTestClockRequest', example: { frozen_time: '2027-01-01T00:00:00Z', name: 'renewals' } });
export const advanceTestClockRequest = z.object({ frozen_time: frozenTimeSchema }).meta({ id: 'AdvanceTestClockRequest', example: { frozen_time: '2028-01-01T00:00:00Z' } });

const moneyRequest = z.object({ amount: z.string(), currency: z.string(), vat_included: z.boolean().optional() }).meta({ description: 'amount with two fraction digits, e.g. "10.00"' });

export const createInvoiceRequest = z
  .object({
    client_ip: clientIp.optional(),
    customer: customerRequestSchema,
    order: z.object({ merchant_order_id: FIELD_RULES.merchantOrderId.check, price: moneyRequest.optional(), description: upTo(LIMITS.description).optional() }),
    contract: z.object({ merchant_contract_id: text(LIMITS.merchantContractId).optional(), create_if_not_exists: z.boolean().optional() }).optional(),
    application: z.object({ name: upTo(LIMITS.name).optional() }).optional(),
    product: z.object({ name: upTo(LIMITS.name).optional() }).optional(),
    payment_method: z.string().optional().meta({ deprecated: true, description: 'deprecated: no effect; removed in 3.0.0' }),
    test_info: z
      .object({
        expected_billing_result: z.enum(['SuccessSequencePayment', 'FailedSequencePayment']).optional(),
        callback_url: FIELD_RULES.callbackUrl.check.optional(),
        test_clock_id: testClockId.optional(),
      })
      .optional()
      .meta({ [TEST_ONLY]: true, description: 'test environment only; callback_url only for partners with the flag; test_clock_id attaches the invoice (and a contract it creates) to a test clock' }),
  })
  .meta({
    id: 'CreateInvoiceRequest',
    example: { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: '79001234567' }, order: { merchant_order_id: 'order-1', price: { amount: '10.00', currency: 'RUB' } } },
  });

export const createContractRequest = z
  .object({
    client_ip: clientIp.optional(),
    customer: customerRequestSchema,
    merchant_contract_id: text(LIMITS.merchantContractId),
    test_info: z
      .object({ test_clock_id: testClockId.optional() })
      .optional()
      .meta({ [TEST_ONLY]: true, description: 'test environment only: test_clock_id attaches the contract to a test clock' }),
  })
  .meta({ id: 'CreateContractRequest', example: { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: '79001234567' }, merchant_contract_id: 'contract-1' } });

export const pinRequest = z.object({ client_ip: clientIp.optional(), pin_code: text(LIMITS.pinCode) }).meta({ id: 'PinRequest', example: { client_ip: '203.0.113.7', pin_code: '1234' } });
export const clientIpRequest = z.object({ client_ip: clientIp.optional() }).meta({ id: 'ClientIpRequest', example: { client_ip: '203.0.113.7' } });

/** The contract's own merchant_contract_id, which the version 4 payload of the operations on a contract signs (not checked against the contract). */
const signedMerchantContractId = text(LIMITS.merchantContractId)
  .optional()
  .meta({ description: "the contract's merchant_contract_id: part of the version 4 requestPayload (empty when absent)", example: 'contract-1' });
export const contractPinRequest = z
  .object({ client_ip: clientIp.optional(), merchant_contract_id: signedMerchantContractId, pin_code: text(LIMITS.pinCode) })
  .meta({ id: 'ContractPinRequest', example: { client_ip: '203.0.113.7', merchant_contract_id: 'contract-1', pin_code: '1234' } });
export const contractCancelRequest = z
  .object({ client_ip: clientIp.optional(), merchant_contract_id: signedMerchantContractId })
  .meta({ id: 'ContractCancelRequest', example: { client_ip: '203.0.113.7', merchant_contract_id: 'contract-1' } });

/**
 * POST /billing/check takes one of two shapes. The spec's `{msisdn}`: its version 4 requestPayload
 * is the customerPayload of no customer object, the empty string, so the number is not signed. Or
 * `{customer: {type: "mobile_phone", msisdn}}`: its requestPayload is the msisdn.
 */
export const billingCheckRequest = z
  .union(
    [
      // Each shape refuses the other's key: a body with both would be checked by one number and signed by the other.
      z
        .object({ msisdn: msisdnSchema, customer: z.never().optional() })
        .meta({ id: 'BillingCheckByMsisdn', description: "the spec's shape; version 4 signs an empty requestPayload (the number is not signed)" }),
      z
        .object({ customer: z.object({ type: z.literal('mobile_phone'), msisdn: msisdnSchema }).meta({ id: 'BillingCheckCustomer' }), msisdn: z.never().optional() })
        .meta({ id: 'BillingCheckByCustomer', description: 'version 4 signs the customerPayload: the msisdn' }),
    ],
    { error: 'must be {"msisdn": ...} or {"customer": {"type": "mobile_phone", "msisdn": ...}}' },
  )
  .meta({ id: 'BillingCheckRequest', example: { msisdn: '79001234567' } });

export type CreateInvoiceRequest = z.input<typeof createInvoiceRequest>;
export type CreateContractRequest = z.input<typeof createContractRequest>;
export type PinRequest = z.input<typeof pinRequest>;
export type ContractPinRequest = z.input<typeof contractPinRequest>;
export type ContractCancelRequest = z.input<typeof contractCancelRequest>;
export type ClientIpRequest = z.input<typeof clientIpRequest>;
export type BillingCheckRequest = z.input<typeof billingCheckRequest>;
export type BankCardRequest = z.input<typeof bankCardSchema>;
export type CreateTestClockRequest = z.input<typeof createTestClockRequest>;
export type AdvanceTestClockRequest = z.input<typeof advanceTestClockRequest>;
