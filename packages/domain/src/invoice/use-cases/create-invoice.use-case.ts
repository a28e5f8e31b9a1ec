import type { RequestContext } from '../../ports/request-context.port.js';
import { contractLifecycle, type Contract } from '../../contract/contract.js';
import { cancelInvoice, expireInvoice, invoiceLifecycle, openInvoice, type ExpectedBillingResult, type Invoice, type InvoiceContractRef } from '../invoice.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { PaymentPageLink } from '../../ports/payment-page.port.js';
import { customerKey, type Customer } from '../../shared/customer.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { Money } from '../../shared/money.js';
import { ok, type Result } from '../../shared/result.js';
import { clockOf, stampFor } from '../../application/event-stamp.js';
import { newPin, sendPinOrClose } from '../../application/pin-delivery.js';
import { retryOnConflict, RETRY } from '../../application/retry-on-conflict.js';
import { scheduleDueWork } from '../../application/save-and-schedule.js';
import type { CreateContract } from '../../contract/use-cases/create-contract.use-case.js';

export interface CreateInvoiceInput {
  readonly projectId: number;
  readonly partnerLogin: string;
  readonly merchantOrderId: string;
  readonly customer: Customer;
  /** Omitted: the project's default price. */
  readonly price?: Money;
  readonly vatIncluded?: boolean;
  readonly description?: string;
  readonly applicationName?: string;
  readonly productName?: string;
  /** The contract block as the request had it (present even when empty: a card payer may not have one). */
  readonly contract?: { readonly merchantContractId?: string; readonly createIfNotExists: boolean };
  readonly testInfo?: { readonly expectedBillingResult?: ExpectedBillingResult; readonly callbackUrl?: string };
  /** test_info.test_clock_id (test environment): the invoice (and a contract it creates) lives in that clock's time. */
  readonly testClockId?: string;
}

export interface CreatedInvoice {
  readonly invoice: Invoice;
  /** For AUTH_PAGE invoices: where the payer pays, and the widget token. */
  readonly paymentPage?: PaymentPageLink;
}

/**
 * POST /invoices: a DCB invoice (SMS_PIN, or BY_CONTRACT under an active contract) or a card
 * invoice (AUTH_PAGE). One active invoice per client per project; a merchant_order_id once per project.
 */
export class CreateInvoice {
  constructor(
    private readonly ports: Pick<
      KassaPorts,
      'invoices' | 'contracts' | 'projects' | 'clock' | 'ids' | 'pins' | 'sms' | 'scheduler' | 'paymentPages' | 'settings' | 'callbacks' | 'pinDigests' | 'sandbox' | 'time'
    >,
    private readonly createContract: CreateContract,
  ) {}

  async execute(input: CreateInvoiceInput, context?: RequestContext): Promise<Result<CreatedInvoice, DomainError>> {
    const { projects, sandbox, time } = this.ports;
    const { customer } = input;
    // The one place of this rule: both transports pass the contract block (Contract) through.
    if (customer.type === 'undefined_bank_card' && input.contract) {
      return fail('BAD_REQUEST', 'Contract: not allowed for a customer paying on the payment page (undefined_bank_card)');
    }
    if (customer.type === 'bank_card' && !input.contract?.merchantContractId) {
      return fail('BAD_REQUEST', 'customer.bank_card requires contract.merchant_contract_id');
    }
    // test_info counts only where there is a sandbox (production ignores it).
    const testInfo = sandbox ? input.testInfo : undefined;
    if (testInfo?.callbackUrl !== undefined) {
      // The partner's flag first (the spec's answer for unflagged partners), then the target and the rate.
      const partner = await projects.findPartner(input.partnerLogin);
      if (!partner?.testCallbackAllowed) return fail('TEST_CALLBACK_URL_FORBIDDEN');
      const verdict = await this.ports.callbacks.admit(partner.login, testInfo.callbackUrl);
      if (verdict.kind === 'rejected') return fail('TEST_CALLBACK_URL_REJECTED', verdict.reason);
      // When the next one is admitted: the answer's Retry-After (a minute when the adapter cannot tell).
      if (verdict.kind === 'rate_limited') return fail('TEST_CALLBACK_URL_RATE_LIMITED', undefined, { retry_after_seconds: verdict.retryAfterSeconds ?? 60 });
    }
    const price = input.price ?? (await projects.findProject(input.projectId))?.defaultPrice ?? undefined;
    if (!price) return fail('BAD_REQUEST', 'order.price is required: the project has no default price');
    if (price.minor <= 0) return fail('BAD_REQUEST', 'order.price.amount must be greater than 0.00');

    const start = await time.start(input.projectId, input.testClockId);
    if (!start.ok) return start;
    const onClock = clockOf(start.value);
    const merchantContractId = input.contract?.merchantContractId;
    const contract = merchantContractId ? await this.contractFor(input, merchantContractId, input.contract?.createIfNotExists === true, onClock, context) : ok(undefined);
    if (!contract.ok) return contract;
    return this.create(input, price, contract.value, testInfo, start.value.now, onClock, context);
  }

  /** The contract to charge under: the live one, or a new one when asked (card binding always). */
  private async contractFor(
    input: CreateInvoiceInput,
    merchantContractId: string,
    createIfNotExists: boolean,
    onClock: { testClockId?: string },
    context: RequestContext | undefined,
  ): Promise<Result<Contract | undefined, DomainError>> {
    const live = await this.ports.contracts.findLive(input.projectId, customerKey(input.customer, onClock.testClockId), merchantContractId);
    if (live) return ok(live);
    if (!createIfNotExists && input.customer.type !== 'bank_card') {
      return fail('CONTRACT_NOT_FOUND', `No contract with merchant_contract_id ${merchantContractId} for this customer`);
    }
    const created = await this.createContract.execute({ projectId: input.projectId, merchantContractId, customer: input.customer, ...onClock }, context);
    if (created.ok) return created;
    // Lost a race to a concurrent creation of the same contract: use the winner (not a contract closed at once, PIN_NOT_DELIVERED).
    const lostRace = created.error.code === 'CONTRACT_DRAFT_EXISTS' || created.error.code === 'CONTRACT_ALREADY_EXISTS';
    const winner = lostRace ? created.error.details?.['contract_id'] : undefined;
    const holder = typeof winner === 'string' ? await this.ports.contracts.get(input.projectId, winner) : undefined;
    return holder && contractLifecycle.isLive(holder) ? ok(holder) : created;
  }

  /** `now`: the request's time (its clock's, on a test clock), read once by `startingTime`. */
  private create(
    input: CreateInvoiceInput,
    price: Money,
    contract: Contract | undefined,
    testInfo: CreateInvoiceInput['testInfo'],
    now: Date,
    onClock: { testClockId?: string },
    context: RequestContext | undefined,
  ) {
    const { invoices, ids, pinDigests, scheduler, paymentPages, settings } = this.ports;
    const byContract = contract?.state === 'active';
    const authorizationType = input.customer.type === 'undefined_bank_card' ? 'AUTH_PAGE' : byContract ? 'BY_CONTRACT' : 'SMS_PIN';
    const contractRef: InvoiceContractRef | null = contract
      ? { contractId: contract.id, authorizationType: contract.authorizationType, expiresAt: contract.expiresAt, merchantContractId: contract.merchantContractId }
      : null;
    return retryOnConflict(async (): Promise<Result<CreatedInvoice, DomainError> | typeof RETRY> => {
      const id = ids.newId();
      const pin = authorizationType === 'SMS_PIN' ? newPin(this.ports) : null;
      const invoice = openInvoice({
        id,
        projectId: input.projectId,
        merchantOrderId: input.merchantOrderId,
        customer: input.customer,
        price,
        vatIncluded: input.vatIncluded ?? false,
        description: input.description ?? null,
        applicationName: input.applicationName ?? null,
        productName: input.productName ?? null,
        authorizationType,
        contract: contractRef,
        billingChannel: authorizationType === 'AUTH_PAGE' ? 'BankRtp' : 'MC',
        pinDigest: pin ? pinDigests.digest(id, pin) : null,
        testInfo: testInfo ?? null,
        now: now.toISOString(),
        lifetimeSeconds: settings.invoiceLifetimeSeconds,
        ...onClock,
      });
      const created = await invoices.create(invoice, []);
      if (!created.ok) return this.answerDuplicate(input.projectId, created.error.holderId, context);
      if (pin && input.customer.type === 'mobile_phone') {
        const undelivered = await sendPinOrClose(this.ports, input.customer.msisdn, pin, { what: 'invoice', record: invoice, close: cancelInvoice, save: (i, e) => invoices.save(i, e) }, context);
        if (undelivered) return undelivered;
      }
      await scheduleDueWork(scheduler, invoiceLifecycle, invoice, undefined, undefined, context);
      const paymentPage = authorizationType === 'AUTH_PAGE' ? await paymentPages.linkFor(invoice, now) : undefined;
      return ok(paymentPage ? { invoice, paymentPage } : { invoice });
    });
  }

  /** 409 with the holder's id; a holder that outlived its expires_at is expired first, then retried. */
  private async answerDuplicate(projectId: number, holderId: string, context: RequestContext | undefined): Promise<Result<CreatedInvoice, DomainError> | typeof RETRY> {
    const { invoices } = this.ports;
    const holder = await invoices.get(projectId, holderId);
    if (!holder) return RETRY;
    const expired = expireInvoice(holder, await stampFor(this.ports, holder, context));
    if (expired.next) {
      await invoices.save(expired.next, expired.events);
      return RETRY;
    }
    return fail('INVOICE_ALREADY_EXISTS', undefined, { invoice_id: holder.id });
  }
}
