import { describe, expect, it } from 'vitest';
import { CONTRACT_STATES, INVOICE_STATES, SUBSCRIPTION_STATES } from '@kassa-payments/domain';
import { INVOICE_STATUS_BY_STATE, SUBSCRIPTION_STATUS_BY_STATE } from '@kassa-payments/protocol';
import { CONTRACT_STATUS_BY_STATE, invoiceStatus, stateNamed, statusWords } from './status-words.js';

describe('the status words', () => {
  it("are the APIs' words: the invoice's status and the subscription's SubscriptionStatus as the protocol names them, the contract's as the spec's table does", () => {
    expect(statusWords(INVOICE_STATES, INVOICE_STATUS_BY_STATE)).toEqual(['Created', 'Authorize', 'Processed', 'Cancelled']);
    expect(statusWords(SUBSCRIPTION_STATES, SUBSCRIPTION_STATUS_BY_STATE)).toEqual(['Pending', 'Active', 'Cancelled', 'ApprovingFailed', 'Closed']);
    expect(statusWords(CONTRACT_STATES, CONTRACT_STATUS_BY_STATE)).toEqual(['awaiting PIN', 'active', 'cancelled', 'closed']);
    expect(invoiceStatus('processed')).toBe('Processed');
  });

  it("a list's ?state= is read by its word (and by the domain's name in an earlier dashboard's address); anything else filters nothing", () => {
    expect(stateNamed('Processed', INVOICE_STATES, INVOICE_STATUS_BY_STATE)).toBe('processed');
    expect(stateNamed('processed', INVOICE_STATES, INVOICE_STATUS_BY_STATE)).toBe('processed');
    expect(stateNamed('awaiting PIN', CONTRACT_STATES, CONTRACT_STATUS_BY_STATE)).toBe('awaitingPin');
    for (const other of ['PAID', 'toString', '', ['Processed'], undefined]) expect(stateNamed(other, INVOICE_STATES, INVOICE_STATUS_BY_STATE)).toBeUndefined();
  });
});
