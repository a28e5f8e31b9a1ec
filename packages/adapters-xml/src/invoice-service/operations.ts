import type { RequestContext } from '@kassa-payments/domain';
import {
  checkPaymentMethod,
  domainError,
  err,
  ok,
  parseMoney,
  type CarrierLookup,
  type CreateInvoiceInput,
  type DomainError,
  type KassaUseCases,
  type PaymentPages,
  type Project,
  type Result,
} from '@kassa-payments/domain';
import { FIELD_RULES, LIMITS } from '@kassa-payments/protocol';
import { checkClientIp, GUID, readCustomer, readMsisdn } from './xml-customer.js';
import type { XmlFields } from './xml-fields.js';
import type { XmlData } from './xml-response.js';
import { contractXml, customerXml, invoiceXml } from './xml-views.js';

/** What an operation needs: the use cases, the views' lookups, and the authenticated project. */
export interface OperationContext {
  readonly useCases: KassaUseCases;
  readonly carriers: CarrierLookup;
  readonly paymentPages: PaymentPages;
  readonly project: Project;
  readonly partnerLogin: string;
  /** The PCI host: the only one where a BankCard block is accepted. */
  readonly cardAllowed: boolean;
  /** The request's context: the events its command records carry its id. */
  readonly requestContext?: RequestContext | undefined;
}

export type Operation = (fields: XmlFields, context: OperationContext) => Promise<Result<XmlData, DomainError>>;

const bad = (message: string) => err(domainError('BAD_REQUEST', message));
const ID_LENGTH = 64;
const BILLING_RESULTS = /^(SuccessSequencePayment|FailedSequencePayment)$/;

/** CreateInvoice's fields as the use case's input (the rules of JSON v3's POST /invoices, in its order). */
function createInvoiceInput(f: XmlFields, { project, partnerLogin, cardAllowed }: OperationContext): Result<CreateInvoiceInput, DomainError> {
  const method = checkPaymentMethod(f.optionalText('PaymentMethod', 64));
  if (!method.ok) return method;
  const customer = readCustomer(f, cardAllowed);
  const priceBlock = f.optionalChild('Price');
  const price = priceBlock ? parseMoney(priceBlock.text('Amount', 32), priceBlock.text('Currency', 3)) : undefined;
  if (price && !price.ok) return bad(`${f.path}/Price: ${price.error.message}`);
  const vatIncluded = priceBlock?.optionalBoolean('VatIncluded');
  checkClientIp(f);
  const contract = f.optionalChild('Contract');
  const merchantContractId = contract?.optionalText('MerchantContractID', LIMITS.merchantContractId);
  const test = f.optionalChild('TestInfo');
  const expectedBillingResult = test?.optionalMatching('ExpectedBillingResult', BILLING_RESULTS, 'SuccessSequencePayment or FailedSequencePayment') as
    | 'SuccessSequencePayment'
    | 'FailedSequencePayment'
    | undefined;
  const callbackUrl = test?.optionalField('CallbackUrl', FIELD_RULES.callbackUrl);
  const description = f.optionalText('Description', LIMITS.description);
  const applicationName = f.optionalChild('Application')?.optionalText('Name', LIMITS.name);
  const productName = f.optionalChild('Product')?.optionalText('Name', LIMITS.name);
  return ok({
    projectId: project.id,
    partnerLogin,
    merchantOrderId: f.field('MerchantOrderID', FIELD_RULES.merchantOrderId),
    customer,
    ...(price?.ok ? { price: price.value } : {}),
    ...(vatIncluded !== undefined ? { vatIncluded } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(applicationName !== undefined ? { applicationName } : {}),
    ...(productName !== undefined ? { productName } : {}),
    ...(contract ? { contract: { ...(merchantContractId ? { merchantContractId } : {}), createIfNotExists: contract.optionalBoolean('CreateIfNotExists') ?? false } } : {}),
    ...(test ? { testInfo: { ...(expectedBillingResult ? { expectedBillingResult } : {}), ...(callbackUrl ? { callbackUrl } : {}) } } : {}),
  });
}

/** The operations of InvoiceManagementService: each reads its element, calls its use case, answers its data. */
export const OPERATIONS: Readonly<Record<string, Operation>> = {
  async CheckCustomerBillingSupport(f, { useCases, carriers, requestContext }) {
    const msisdn = readMsisdn(f.child('MobilePhoneCustomer'));
    const check = await useCases.checkBilling.execute({ msisdn }, requestContext);
    return ok({ IsSupported: check.supported, Customer: await customerXml({ type: 'mobile_phone', msisdn }, carriers) });
  },

  async CreateCustomerContract(f, { useCases, carriers, project, cardAllowed, requestContext }) {
    const customer = readCustomer(f, cardAllowed);
    checkClientIp(f);
    const result = await useCases.createContract.execute({ projectId: project.id, merchantContractId: f.text('MerchantContractID', LIMITS.merchantContractId), customer }, requestContext);
    return result.ok ? ok(await contractXml(result.value, carriers)) : result;
  },

  // The spec's shape: ContractID (a GUID, required) and PinCode (up to 16, required).
  async AuthorizeCustomerContract(f, { useCases, project, requestContext }) {
    const input = { projectId: project.id, contractId: f.matching('ContractID', GUID, 'must be a GUID'), pinCode: f.text('PinCode', LIMITS.pinCode) };
    checkClientIp(f);
    const result = await useCases.authorizeContract.execute(input, requestContext);
    return result.ok ? ok({ ContractID: result.value.id, Status: 'active' }) : result;
  },

  async CancelCustomerContract(f, { useCases, project, requestContext }) {
    const contractId = f.matching('ContractID', GUID, 'must be a GUID');
    checkClientIp(f);
    const result = await useCases.cancelContract.execute({ projectId: project.id, contractId }, requestContext);
    return result.ok ? ok({ ContractID: result.value.id, Status: 'cancelled' }) : result;
  },

  async CreateInvoice(f, context) {
    const input = createInvoiceInput(f, context);
    if (!input.ok) return input;
    const result = await context.useCases.createInvoice.execute(input.value, context.requestContext);
    return result.ok ? ok(await invoiceXml(result.value.invoice, context)) : result;
  },

  async AuthorizeInvoice(f, { useCases, project, requestContext }) {
    const input = { projectId: project.id, invoiceId: f.text('InvoiceID', ID_LENGTH), pinCode: f.text('PinCode', LIMITS.pinCode) };
    checkClientIp(f);
    const result = await useCases.authorizeInvoice.execute(input, requestContext);
    return result.ok ? ok({ InvoiceID: result.value.id, Status: 'Authorize' }) : result;
  },

  async CancelInvoice(f, { useCases, project, requestContext }) {
    const input = { projectId: project.id, invoiceId: f.text('InvoiceID', ID_LENGTH) };
    checkClientIp(f);
    const result = await useCases.cancelInvoice.execute(input, requestContext);
    return result.ok ? ok({ InvoiceID: result.value.id, Status: 'Cancelled' }) : result;
  },

  async GetInvoice(f, context) {
    const result = await context.useCases.getInvoice.execute({ projectId: context.project.id, invoiceId: f.text('InvoiceID', ID_LENGTH) });
    return result.ok ? ok(await invoiceXml(result.value, context)) : result;
  },

  async GetInvoiceByMerchantOrderId(f, context) {
    const result = await context.useCases.findInvoiceByOrderId.execute({ projectId: context.project.id, merchantOrderId: f.field('MerchantOrderID', FIELD_RULES.merchantOrderId) });
    return result.ok ? ok(await invoiceXml(result.value, { ...context, maskPhone: true })) : result;
  },

  async RefundInvoice(f, { useCases, project, requestContext }) {
    const input = { projectId: project.id, invoiceId: f.text('InvoiceID', ID_LENGTH) };
    checkClientIp(f);
    const result = await useCases.refundInvoice.execute(input, requestContext);
    return result.ok ? ok({ InvoiceID: result.value.id, RefundStatus: result.value.refundStatus ?? undefined }) : result;
  },
};
