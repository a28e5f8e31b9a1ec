import { ERROR_CATALOG } from '@kassa/domain';
import { HTTP_STATUS } from '../shared/http-status.js';
import { LIMITS } from './requests.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = (extra: Record<string, unknown> = {}) => ({ type: 'string', ...extra });
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, ...(required.length ? { required } : {}) });
const envelope = (data: unknown) => ({ type: 'object', required: ['success', 'data'], properties: { success: { const: true }, data } });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), { description: errorCodesFor(s), ...json(ref('ErrorEnvelope')) }]));
const errorCodesFor = (status: number) =>
  Object.entries(HTTP_STATUS).filter(([, s]) => s === status).map(([code]) => code).join(', ') || 'error';

const pathParam = (name: string, schema: unknown) => ({ name, in: 'path', required: true, schema });
const projectId = pathParam('projectId', { type: 'integer', format: 'int32', minimum: 0 });
const common = [projectId];
const authErrors = errorResponses(400, 401, 403, 413, 503);

function operation(id: string, summary: string, params: unknown[], body: unknown, ok: Record<string, unknown>, errors: number[] = []) {
  return {
    operationId: id,
    summary,
    parameters: [...common, ...params],
    ...(body ? { requestBody: { required: true, ...json(body) } } : {}),
    responses: { ...ok, ...authErrors, ...errorResponses(...errors) },
  };
}

/** OpenAPI links from a creation answer to the operations on what it created (stateful fuzzers follow them). */
const links = (idField: string, param: string, operationIds: string[]) =>
  Object.fromEntries(
    operationIds.map((operationId) => [operationId, { operationId, parameters: { projectId: '$request.path.projectId', [param]: `$response.body#/data/${idField}` } }]),
  );

/** The OpenAPI 3.1 description of the JSON v3 API, served at GET /api/v3/openapi.json. */
export function openApiDocument() {
  const invoiceId = pathParam('invoiceId', str({ format: 'uuid' }));
  const contractId = pathParam('contractId', str({ format: 'uuid' }));
  const clientIp = { anyOf: [str({ format: 'ipv4' }), str({ format: 'ipv6' })], description: 'caller IP; required unless the project says otherwise' };
  const text = (max: number) => str({ minLength: 1, maxLength: max });
  return {
    openapi: '3.1.0',
    info: { title: 'Kassa JSON API', version: '3.0.0', description: 'One-time payments: contracts, invoices, refunds. Errors use the envelope {success:false, error:{code, message, next_step?, details?}}.' },
    servers: [{ url: '/' }],
    security: [{ login: [], timestamp: [], signatureVersion: [], signature: [] }],
    paths: {
      '/api/v3/projects/{projectId}/contracts': {
        post: operation('createContract', 'Bind a phone number (or, on the PCI host, a card)', [], ref('CreateContractRequest'), { '201': { description: 'created', ...json(envelope(ref('Contract'))), links: links('contract_id', 'contractId', ['authorizeContract', 'cancelContract']) } }, [409]),
      },
      '/api/v3/projects/{projectId}/contracts/{contractId}/authorize': {
        post: operation('authorizeContract', 'Confirm a contract by PIN', [contractId], ref('PinRequest'), { '200': { description: 'active', ...json(envelope(obj({ contract_id: str(), status: { const: 'active' } }))) } }, [404, 409, 422]),
      },
      '/api/v3/projects/{projectId}/contracts/{contractId}/cancel': {
        post: operation('cancelContract', 'Cancel a contract', [contractId], ref('ClientIpRequest'), { '200': { description: 'cancelled', ...json(envelope(obj({ contract_id: str(), status: { const: 'cancelled' } }))) } }, [404]),
      },
      '/api/v3/projects/{projectId}/billing/check': {
        post: operation('checkBilling', 'Whether carrier billing is possible for a number', [], { ...obj({ msisdn: ref('Msisdn'), customer: obj({ msisdn: ref('Msisdn') }, ['msisdn']) }), anyOf: [{ required: ['msisdn'] }, { required: ['customer'] }] }, { '200': { description: 'answer', ...json(envelope(obj({ supported: { type: 'boolean' }, customer: ref('Customer') }))) } }),
      },
      '/api/v3/projects/{projectId}/invoices': {
        post: operation('createInvoice', 'Create an invoice (DCB or card)', [], ref('CreateInvoiceRequest'), { '201': { description: 'created', ...json(envelope(ref('Invoice'))), links: links('invoice_id', 'invoiceId', ['getInvoice', 'authorizeInvoice', 'cancelInvoice', 'refundInvoice']) } }, [404, 409, 422]),
        get: operation('findInvoiceByOrderId', 'The invoice of a merchant order id (msisdn masked)', [{ name: 'merchant_order_id', in: 'query', required: true, schema: text(LIMITS.merchantOrderId) }], undefined, { '200': { description: 'found', ...json(envelope(ref('Invoice'))) } }, [404]),
      },
      '/api/v3/projects/{projectId}/invoices/{invoiceId}': {
        get: operation('getInvoice', 'An invoice with its transactions', [invoiceId], undefined, { '200': { description: 'found', ...json(envelope(ref('Invoice'))) } }, [404]),
      },
      '/api/v3/projects/{projectId}/invoices/{invoiceId}/authorize': {
        post: operation('authorizeInvoice', 'Confirm an SMS_PIN invoice by PIN', [invoiceId], ref('PinRequest'), { '200': { description: 'Authorize', ...json(envelope(obj({ invoice_id: str(), status: { const: 'Authorize' } }))) } }, [404, 409, 422]),
      },
      '/api/v3/projects/{projectId}/invoices/{invoiceId}/cancel': {
        post: operation('cancelInvoice', 'Cancel an invoice', [invoiceId], ref('ClientIpRequest'), { '200': { description: 'Cancelled', ...json(envelope(obj({ invoice_id: str(), status: { const: 'Cancelled' } }))) } }, [404, 409]),
      },
      '/api/v3/projects/{projectId}/invoices/{invoiceId}/refund': {
        post: operation('refundInvoice', 'Refund a paid invoice', [invoiceId], ref('ClientIpRequest'), { '202': { description: 'processing', ...json(envelope(obj({ invoice_id: str(), refund_status: str() }))) } }, [404, 422]),
      },
    },
    components: {
      securitySchemes: {
        login: { type: 'apiKey', in: 'header', name: 'X-Login' },
        timestamp: { type: 'apiKey', in: 'header', name: 'X-Timestamp', description: 'UTC, YYYY-MM-DDThh:mm:ssZ, within 20 minutes' },
        signatureVersion: { type: 'apiKey', in: 'header', name: 'X-Signature-Version', description: '3 or 4' },
        signature: { type: 'apiKey', in: 'header', name: 'X-Signature', description: 'lowercase hex HMAC-SHA256' },
      },
      schemas: {
        ErrorEnvelope: obj({ success: { const: false }, error: obj({ code: str({ enum: Object.keys(ERROR_CATALOG) }), message: str(), next_step: str(), details: { type: 'object' } }, ['code', 'message']) }, ['success', 'error']),
        Money: obj({ amount: str({ pattern: '^(0|[1-9][0-9]*)\\.[0-9]{2}$' }), currency: str({ pattern: '^[A-Z]{3}$' }), vat_included: { type: 'boolean' } }, ['amount', 'currency']),
        Msisdn: str({ pattern: '^[1-9][0-9]{7,14}$', description: 'E.164, digits only' }),
        BankCard: obj({
          pan: str({ pattern: '^[0-9]{16}$' }),
          expiration_month: { anyOf: [{ type: 'integer', minimum: 1, maximum: 12 }, str({ pattern: '^(0?[1-9]|1[0-2])$' })] },
          expiration_year: { anyOf: [{ type: 'integer', minimum: 0, maximum: 9999 }, str({ pattern: '^([0-9]{2}|[0-9]{4})$' })], description: '2 or 4 digits' }, security_code: str({ pattern: '^[0-9]{3,4}$' }), cardholder: str({ maxLength: LIMITS.cardholder }) }, ['pan', 'expiration_month', 'expiration_year', 'security_code']),
        Customer: obj({
          type: str({ enum: ['mobile_phone', 'undefined_bank_card', 'bank_card'] }),
          msisdn: str(), email: str(), country: str(),
          network: obj({ id: { type: 'integer' }, name: str() }), operator: obj({ id: { type: 'integer' }, name: str() }),
          source: str({ maxLength: LIMITS.source }), merchant_customer_id: str({ maxLength: LIMITS.merchantCustomerId }),
          bank_card: { ...ref('BankCard'), description: 'PCI host only, request only' },
        }, ['type']),
        /** The customer of a request: a phone number, or a card client (source, country, merchant_customer_id). */
        CustomerRequest: {
          oneOf: [
            obj({ type: { const: 'mobile_phone' }, msisdn: ref('Msisdn'), email: ref('Email') }, ['type', 'msisdn']),
            obj(
              {
                type: str({ enum: ['undefined_bank_card', 'bank_card'] }),
                email: ref('Email'),
                country: str({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' }),
                source: text(LIMITS.source),
                merchant_customer_id: text(LIMITS.merchantCustomerId),
                bank_card: { ...ref('BankCard'), description: 'PCI host only' },
              },
              ['type', 'source', 'country', 'merchant_customer_id'],
            ),
          ],
        },
        Email: str({ format: 'email', pattern: '^[A-Za-z0-9_+-]+(\\.[A-Za-z0-9_+-]+)*@[A-Za-z0-9]+(-[A-Za-z0-9]+)*(\\.[A-Za-z0-9]+(-[A-Za-z0-9]+)*)*\\.[A-Za-z]{2,}$', maxLength: LIMITS.email }),
        ContractBlock: obj({ contract_id: str(), authorization_type: str({ enum: ['SMS_PIN', 'EXTERNAL', 'SKIP'] }), expires_at: str({ format: 'date-time' }), merchant_contract_id: str() }),
        Contract: obj({ contract_id: str(), authorization_type: str({ enum: ['SMS_PIN', 'EXTERNAL', 'SKIP'] }), expires_at: str({ format: 'date-time' }), merchant_contract_id: str(), customer: ref('Customer') }),
        Transaction: obj({
          transaction_id: str(), part_number: { type: 'integer' }, sequence_number: { type: 'integer' }, status: str(), result_code: { type: 'integer' }, result_description: str(),
          paid_at: str({ format: 'date-time' }), price: ref('Money'), partner_profit: ref('Money'), total_paid: ref('Money'), total_remaining: ref('Money'), billing_channel: str(), service_number: str(),
        }),
        Invoice: obj({
          invoice_id: str(), status: str({ enum: ['Created', 'Authorize', 'Processed', 'Cancelled'] }), payment_status: str({ enum: ['NOT_PAID', 'PAID'] }),
          authorization: obj({ type: str({ enum: ['SMS_PIN', 'BY_CONTRACT', 'AUTH_PAGE'] }), is_authorized: { type: 'boolean' }, url: str(), token: str() }, ['type', 'is_authorized']),
          price: ref('Money'), merchant_order_id: str(), created_at: str({ format: 'date-time' }), expires_at: str({ format: 'date-time' }), billing_channel: str(),
          customer: ref('Customer'), contract: ref('ContractBlock'), transactions: { type: 'array', items: ref('Transaction') }, refund_status: str(),
        }),
        CreateContractRequest: obj({ client_ip: clientIp, customer: ref('CustomerRequest'), merchant_contract_id: text(LIMITS.merchantContractId) }, ['customer', 'merchant_contract_id']),
        CreateInvoiceRequest: obj({
          client_ip: clientIp,
          customer: ref('CustomerRequest'),
          order: obj({ merchant_order_id: text(LIMITS.merchantOrderId), price: ref('Money'), description: str({ maxLength: LIMITS.description }) }, ['merchant_order_id']),
          contract: { ...obj({ merchant_contract_id: text(LIMITS.merchantContractId), create_if_not_exists: { type: 'boolean' } }), description: 'not with customer.type undefined_bank_card (400)' },
          application: obj({ name: str({ maxLength: LIMITS.name }) }),
          product: obj({ name: str({ maxLength: LIMITS.name }) }),
          payment_method: str({ deprecated: true }),
          test_info: obj({ expected_billing_result: str({ enum: ['SuccessSequencePayment', 'FailedSequencePayment'] }), callback_url: str({ format: 'uri' }) }),
        }, ['customer', 'order']),
        PinRequest: obj({ client_ip: clientIp, pin_code: text(LIMITS.pinCode) }, ['pin_code']),
        ClientIpRequest: obj({ client_ip: clientIp }),
      },
    },
  };
}
