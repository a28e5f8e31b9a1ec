import type { RequestContext } from '../../ports/request-context.port.js';
import { cancelContract, contractLifecycle, expireContract, openContract, type Contract } from '../contract.js';
import { clockOf, stampFor } from '../../application/event-stamp.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { customerKey, type Customer } from '../../shared/customer.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { newPin, sendPinOrClose } from '../../application/pin-delivery.js';
import { retryOnConflict, RETRY } from '../../application/retry-on-conflict.js';
import { scheduleDueWork } from '../../application/save-and-schedule.js';

export interface CreateContractInput {
  readonly projectId: number;
  readonly merchantContractId: string;
  /** mobile_phone (DCB, confirmed by SMS PIN) or bank_card (card binding, no PIN step). */
  readonly customer: Customer;
  /** test_info.test_clock_id (test environment): the contract lives in that clock's time. */
  readonly testClockId?: string;
}

/** The answer when the key is held: the draft awaits its PIN, or the contract is confirmed. */
export const contractExists = (holder: Contract) =>
  holder.state === 'active' ? fail('CONTRACT_ALREADY_EXISTS', undefined, { contract_id: holder.id }) : fail('CONTRACT_DRAFT_EXISTS', undefined, { contract_id: holder.id });

/** POST /contracts: binds a phone number (SMS_PIN) or a card (SKIP) to a merchant_contract_id. */
export class CreateContract {
  constructor(private readonly ports: Pick<KassaPorts, 'contracts' | 'clock' | 'ids' | 'pins' | 'pinDigests' | 'sms' | 'scheduler' | 'settings' | 'sandbox' | 'time'>) {}

  async execute(input: CreateContractInput, context?: RequestContext): Promise<Result<Contract, DomainError>> {
    const { contracts, ids, pinDigests, scheduler, settings, time } = this.ports;
    const { customer } = input;
    if (customer.type === 'undefined_bank_card') {
      return fail('BAD_REQUEST', 'customer.type undefined_bank_card pays on the payment page and binds no contract');
    }
    const start = await time.start(input.projectId, input.testClockId);
    if (!start.ok) return start;
    const onClock = clockOf(start.value);
    return retryOnConflict(async () => {
      const live = await contracts.findLive(input.projectId, customerKey(customer, onClock.testClockId), input.merchantContractId);
      if (live) return this.answerHolder(live, context);
      const authorizationType = customer.type === 'mobile_phone' ? 'SMS_PIN' : 'SKIP';
      const id = ids.newId();
      const pin = authorizationType === 'SMS_PIN' ? newPin(this.ports) : null;
      const contract = openContract({
        id,
        projectId: input.projectId,
        merchantContractId: input.merchantContractId,
        customer,
        authorizationType,
        pinDigest: pin ? pinDigests.digest(id, pin) : null,
        now: start.value.now.toISOString(),
        lifetimeSeconds: settings.contractLifetimeSeconds,
        ...onClock,
      });
      const created = await contracts.create(contract, []);
      if (!created.ok) {
        const holder = await contracts.get(input.projectId, created.error.holderId);
        return holder ? this.answerHolder(holder, context) : RETRY;
      }
      if (customer.type === 'mobile_phone' && pin) {
        const undelivered = await sendPinOrClose(this.ports, customer.msisdn, pin, { what: 'contract', record: contract, close: cancelContract, save: (c, e) => contracts.save(c, e) }, context);
        if (undelivered) return undelivered;
      }
      await scheduleDueWork(scheduler, contractLifecycle, contract, undefined, undefined, context);
      return ok(contract);
    });
  }

  /**
   * 409 naming the holder of the key; a holder past its expires_at that the sweep has not reached
   * yet is expired on the spot (giving the key back in the same save), then the creation is retried.
   */
  private async answerHolder(holder: Contract, context: RequestContext | undefined): Promise<Result<Contract, DomainError> | typeof RETRY> {
    const { contracts } = this.ports;
    const expired = expireContract(holder, await stampFor(this.ports, holder, context));
    if (expired.next) {
      await contracts.save(expired.next, expired.events);
      return RETRY;
    }
    return contractExists(holder);
  }
}
