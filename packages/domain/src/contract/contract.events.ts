import type { DomainEvent, EventStamp } from '../shared/events.js';
import type { Contract } from './contract.js';

function customerOf(contract: Contract): Record<string, unknown> {
  const c = contract.customer;
  return c.type === 'mobile_phone'
    ? { type: c.type, msisdn: c.msisdn }
    : { type: c.type, source: c.source, merchant_customer_id: c.merchantCustomerId };
}

function event(contract: Contract, type: DomainEvent['type'], data: Record<string, unknown>, stamp: EventStamp): DomainEvent {
  return {
    id: stamp.newId(),
    type,
    occurredAt: stamp.now,
    projectId: contract.projectId,
    aggregate: { kind: 'contract', id: contract.id },
    data,
  };
}

/**
 * contract.authorized has the spec's shape; contract.closed (shape not shown) carries the same
 * blocks plus the reason: `cancelled` or `expired`.
 */
export function contractEvents(contract: Contract, actions: readonly string[], stamp: EventStamp): DomainEvent[] {
  const blocks = {
    customer: customerOf(contract),
    contract: { contract_id: contract.id, merchant_contract_id: contract.merchantContractId },
  };
  return actions.flatMap((action): DomainEvent[] => {
    switch (action) {
      case 'recordAuthorized':
        return [event(contract, 'contract.authorized', blocks, stamp)];
      case 'recordCancelled':
        return [event(contract, 'contract.closed', { ...blocks, reason: 'cancelled' }, stamp)];
      case 'recordExpired':
        return [event(contract, 'contract.closed', { ...blocks, reason: 'expired' }, stamp)];
      default:
        return [];
    }
  });
}
