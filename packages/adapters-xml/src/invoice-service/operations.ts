import { cardLast4, domainError, err, ok, parseMoney, type CarrierLookup, type Customer, type DomainError, type KassaUseCases, type PaymentPages, type Project, type Result } from '@kassa/domain';
import { XmlFieldError, type XmlFields } from './xml-fields.js';
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
}

export type Operation = (fields: XmlFields, context: OperationContext) => Promise<Result<XmlData, DomainError>>;

const bad = (message: string) => err(domainError('BAD_REQUEST', message));

/** ClientIP is required unless the project says otherwise, as on JSON v3. */
function missingClientIp(fields: XmlFields, project: Project): DomainError | undefined {
  return project.clientIpRequired && !fields.optionalText('ClientIP', 64) ? domainError('BAD_REQUEST', `${fields.path}/ClientIP: required for this project`) : undefined;
}

/** The one customer block of a request: MobilePhoneCustomer, BankCardCustomer (PCI host) or UndefinedBankCardCustomer. */
function readCustomer(fields: XmlFields, cardAllowed: boolean): Customer {
  const blocks = ['MobilePhoneCustomer', 'BankCardCustomer', 'UndefinedBankCardCustomer'].filter((n) => fields.names().includes(n));
  if (blocks.length !== 1) throw new XmlFieldError(`${fields.path}: exactly one of MobilePhoneCustomer, BankCardCustomer, UndefinedBankCardCustomer is required`);
  const phone = fields.optionalChild('MobilePhoneCustomer');
  if (phone) {
    const email = phone.optionalText('Email');
    return { type: 'mobile_phone', msisdn: phone.text('MSISDN', 15), ...(email ? { email } : {}) };
  }
  const card = fields.optionalChild('BankCardCustomer') ?? fields.child('UndefinedBankCardCustomer');
  const email = card.optionalText('Email');
  const base = { source: card.text('Source', 64), merchantCustomerId: card.text('MerchantCustomerID', 128), country: card.text('Country', 2).toUpperCase(), ...(email ? { email } : {}) };
  const bankCard = card.optionalChild('BankCard');
  if (!bankCard) return { type: 'undefined_bank_card', ...base };
  if (!cardAllowed) throw new XmlFieldError(`${bankCard.path}: card data is accepted only on the PCI host`);
  const pan = bankCard.text('PAN', 19);
  if (!/^[0-9]{12,19}$/.test(pan)) throw new XmlFieldError(`${bankCard.path}/PAN: 12 to 19 digits`);
  const month = bankCard.integer('ExpirationMonth');
  const year = bankCard.integer('ExpirationYear');
  const cardholder = bankCard.optionalText('Cardholder', 64);
  // Only the last four digits are kept; a security code, if sent, is never read.
  return { type: 'bank_card', ...base, card: { last4: cardLast4(pan), expirationMonth: month, expirationYear: year, ...(cardholder ? { cardholder } : {}) } };
}

const requireIp = (fields: XmlFields, project: Project) => {
  const missing = missingClientIp(fields, project);
  return missing ? err(missing) : undefined;
};

/** The operations of InvoiceManagementService: each reads its element, calls its use case, answers its data. */
export const OPERATIONS: Readonly<Record<string, Operation>> = {
  async CheckCustomerBillingSupport(f, { useCases, carriers }) {
    const msisdn = f.child('MobilePhoneCustomer').text('MSISDN', 15);
    const check = await useCases.checkBilling.execute({ msisdn });
    return ok({ IsSupported: check.supported, Customer: await customerXml({ type: 'mobile_phone', msisdn }, carriers) });
  },

  async CreateCustomerContract(f, { useCases, carriers, project, cardAllowed }) {
    const customer = readCustomer(f, cardAllowed);
    const missing = requireIp(f, project);
    if (missing) return missing;
    const result = await useCases.createContract.execute({ projectId: project.id, merchantContractId: f.text('MerchantContractID', 128), customer });
    return result.ok ? ok(await contractXml(result.value, carriers)) : result;
  },

  async AuthorizeCustomerContract(f, { useCases, project }) {
    const input = { projectId: project.id, contractId: f.text('ContractID', 64), pinCode: f.text('PinCode', 16) };
    const missing = requireIp(f, project);
    if (missing) return missing;
    const result = await useCases.authorizeContract.execute(input);
    return result.ok ? ok({ ContractID: result.value.id, Status: 'active' }) : result;
  },

  async CancelCustomerContract(f, { useCases, project }) {
    const result = await useCases.cancelContract.execute({ projectId: project.id, contractId: f.text('ContractID', 64) });
    return result.ok ? ok({ ContractID: result.value.id, Status: 'cancelled' }) : result;
  },

  async CreateInvoice(f, { useCases, carriers, paymentPages, project, partnerLogin, cardAllowed }) {
    const customer = readCustomer(f, cardAllowed);
    const priceBlock = f.optionalChild('Price');
    const price = priceBlock ? parseMoney(priceBlock.text('Amount', 32), priceBlock.text('Currency', 3)) : undefined;
    if (price && !price.ok) return bad(`${f.path}/Price: ${price.error.message}`);
    const missing = requireIp(f, project);
    if (missing) return missing;
    const contract = f.optionalChild('Contract');
    if (contract && customer.type === 'undefined_bank_card') return bad(`${f.path}/Contract: not allowed with UndefinedBankCardCustomer`);
    const vat = priceBlock?.optionalText('VatIncluded', 5);
    if (vat !== undefined && vat !== 'true' && vat !== 'false') return bad(`${f.path}/Price/VatIncluded: true or false`);
    const test = f.optionalChild('TestInfo');
    const expected = test?.optionalText('ExpectedBillingResult', 32);
    if (expected !== undefined && expected !== 'SuccessSequencePayment' && expected !== 'FailedSequencePayment') {
      return bad(`${f.path}/TestInfo/ExpectedBillingResult: SuccessSequencePayment or FailedSequencePayment`);
    }
    const callbackUrl = test?.optionalText('CallbackUrl', 2048);
    const description = f.optionalText('Description', 1024);
    const result = await useCases.createInvoice.execute({
      projectId: project.id,
      partnerLogin,
      merchantOrderId: f.text('MerchantOrderID', 128),
      customer,
      ...(price?.ok ? { price: price.value } : {}),
      ...(vat !== undefined ? { vatIncluded: vat === 'true' } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(contract ? { contract: { merchantContractId: contract.text('MerchantContractID', 128), createIfNotExists: contract.optionalText('CreateIfNotExists', 5) === 'true' } } : {}),
      ...(test ? { testInfo: { ...(expected ? { expectedBillingResult: expected } : {}), ...(callbackUrl ? { callbackUrl } : {}) } } : {}),
    });
    return result.ok ? ok(await invoiceXml(result.value.invoice, { carriers, paymentPages })) : result;
  },

  async AuthorizeInvoice(f, { useCases, project }) {
    const input = { projectId: project.id, invoiceId: f.text('InvoiceID', 64), pinCode: f.text('PinCode', 16) };
    const missing = requireIp(f, project);
    if (missing) return missing;
    const result = await useCases.authorizeInvoice.execute(input);
    return result.ok ? ok({ InvoiceID: result.value.id, Status: 'Authorize' }) : result;
  },

  async CancelInvoice(f, { useCases, project }) {
    const input = { projectId: project.id, invoiceId: f.text('InvoiceID', 64) };
    const missing = requireIp(f, project);
    if (missing) return missing;
    const result = await useCases.cancelInvoice.execute(input);
    return result.ok ? ok({ InvoiceID: result.value.id, Status: 'Cancelled' }) : result;
  },

  async GetInvoice(f, { useCases, carriers, paymentPages, project }) {
    const result = await useCases.getInvoice.execute({ projectId: project.id, invoiceId: f.text('InvoiceID', 64) });
    return result.ok ? ok(await invoiceXml(result.value, { carriers, paymentPages })) : result;
  },

  async GetInvoiceByMerchantOrderId(f, { useCases, carriers, paymentPages, project }) {
    const result = await useCases.findInvoiceByOrderId.execute({ projectId: project.id, merchantOrderId: f.text('MerchantOrderID', 128) });
    return result.ok ? ok(await invoiceXml(result.value, { carriers, paymentPages, maskPhone: true })) : result;
  },

  async RefundInvoice(f, { useCases, project }) {
    const input = { projectId: project.id, invoiceId: f.text('InvoiceID', 64) };
    const missing = requireIp(f, project);
    if (missing) return missing;
    const result = await useCases.refundInvoice.execute(input);
    return result.ok ? ok({ InvoiceID: result.value.id, RefundStatus: result.value.refundStatus ?? undefined }) : result;
  },
};
