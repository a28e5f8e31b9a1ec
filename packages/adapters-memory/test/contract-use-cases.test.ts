import { describe, expect, it } from 'vitest';
import { codeOf, phone, testKassa, value } from './kassa.fixture.js';

const key = { projectId: 1, merchantContractId: 'mc-1' };

describe('contract use cases', () => {
  it('creates an SMS_PIN contract awaiting its PIN; a second creation is CONTRACT_DRAFT_EXISTS with its id', async () => {
    const { useCases } = testKassa();
    const contract = value(await useCases.createContract.execute({ ...key, customer: phone() }));
    expect(contract).toMatchObject({ state: 'awaitingPin', authorizationType: 'SMS_PIN', pinDigest: `test-digest:${contract.id}:1234` });
    const again = await useCases.createContract.execute({ ...key, customer: phone() });
    expect(again).toEqual({ ok: false, error: expect.objectContaining({ code: 'CONTRACT_DRAFT_EXISTS', details: { contract_id: contract.id } }) });
  });

  it('authorizes with the right PIN, records contract.authorized, then answers the active rows', async () => {
    const { useCases, ports } = testKassa();
    const contract = value(await useCases.createContract.execute({ ...key, customer: phone() }));
    const ref = { projectId: 1, contractId: contract.id };
    expect(value(await useCases.authorizeContract.execute({ ...ref, pinCode: '1234' })).state).toBe('active');
    expect(codeOf(await useCases.authorizeContract.execute({ ...ref, pinCode: '1234' }))).toBe('CONTRACT_ALREADY_AUTHORIZED');
    const dup = await useCases.createContract.execute({ ...key, customer: phone() });
    expect(dup).toEqual({ ok: false, error: expect.objectContaining({ code: 'CONTRACT_ALREADY_EXISTS', details: { contract_id: contract.id } }) });
    const events = await ports.outbox.pending(10);
    expect(events.map((e) => e.type)).toEqual(['ContractAuthorized']);
    expect(events[0]).toMatchObject({
      aggregate: { kind: 'contract', id: contract.id },
      projectId: 1,
      merchantContractId: 'mc-1',
      customer: { type: 'mobile_phone', msisdn: '79001234567' },
    });
  });

  it('counts three wrong PINs, then refuses even the right one', async () => {
    const { useCases } = testKassa();
    const contract = value(await useCases.createContract.execute({ ...key, customer: phone() }));
    const ref = { projectId: 1, contractId: contract.id };
    const answers = [];
    for (const pin of ['1', '2', '3', '1234']) answers.push(await useCases.authorizeContract.execute({ ...ref, pinCode: pin }));
    expect(answers.map(codeOf)).toEqual(['CONTRACT_NOT_AUTHORIZED', 'CONTRACT_NOT_AUTHORIZED', 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED', 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED']);
    expect(answers[0]).toMatchObject({ error: { details: { attempts_left: 2 } } });
    expect(answers[1]).toMatchObject({ error: { details: { attempts_left: 1 } } });
  });

  it('cancels: contract.closed, then every action is CONTRACT_NOT_FOUND and the key is free again', async () => {
    const { useCases, ports } = testKassa();
    const contract = value(await useCases.createContract.execute({ ...key, customer: phone() }));
    const ref = { projectId: 1, contractId: contract.id };
    expect(value(await useCases.cancelContract.execute(ref)).state).toBe('cancelled');
    expect(codeOf(await useCases.cancelContract.execute(ref))).toBe('CONTRACT_NOT_FOUND');
    expect(codeOf(await useCases.authorizeContract.execute({ ...ref, pinCode: '1234' }))).toBe('CONTRACT_NOT_FOUND');
    const closed = (await ports.outbox.pending(10)).filter((e) => e.type === 'ContractClosed');
    expect(closed.map((e) => e.reason)).toEqual(['cancelled']);
    expect(value(await useCases.createContract.execute({ ...key, customer: phone() })).id).not.toBe(contract.id);
  });

  it('binds a card with authorization_type SKIP and no PIN step, with the card as the domain receives it (last four digits)', async () => {
    const { useCases } = testKassa();
    const customer = { type: 'bank_card' as const, source: 'shop', merchantCustomerId: 'u1', country: 'RU', card: { last4: '1111', expirationMonth: 12, expirationYear: 2030 } };
    const contract = value(await useCases.createContract.execute({ ...key, customer }));
    expect(contract).toMatchObject({ state: 'active', authorizationType: 'SKIP', pinDigest: null });
    expect(contract.customer).toEqual(customer);
  });

  it('refuses undefined_bank_card for a contract', async () => {
    const { useCases } = testKassa();
    const customer = { type: 'undefined_bank_card' as const, source: 's', merchantCustomerId: 'u', country: 'RU' };
    expect(codeOf(await useCases.createContract.execute({ ...key, customer }))).toBe('BAD_REQUEST');
  });

  it('expires at expires_at: closed, contract.closed with reason expired; early jobs do nothing', async () => {
    const kassa = testKassa();
    const contract = value(await kassa.useCases.createContract.execute({ ...key, customer: phone() }));
    expect(value(await kassa.useCases.expireContract.execute({ projectId: 1, contractId: contract.id }))).toBe(false);
    await kassa.advance(365 * 24 * 3600);
    expect(codeOf(await kassa.useCases.authorizeContract.execute({ projectId: 1, contractId: contract.id, pinCode: '1234' }))).toBe('CONTRACT_NOT_FOUND');
    const closed = (await kassa.ports.outbox.pending(10)).filter((e) => e.type === 'ContractClosed');
    expect(closed.map((e) => e.reason)).toEqual(['expired']);
  });

  it('a holder past its expires_at that the sweep has not reached is expired on the spot when it blocks a newcomer', async () => {
    const kassa = testKassa();
    const old = value(await kassa.useCases.createContract.execute({ ...key, customer: phone() }));
    // The clock moves past the expiry; no job or sweep runs.
    kassa.ports.clock.advance(365 * 24 * 3600 + 1);
    const fresh = value(await kassa.useCases.createContract.execute({ ...key, customer: phone() }));
    expect(fresh.id).not.toBe(old.id);
    expect((await kassa.ports.contracts.get(1, old.id))?.state).toBe('closed');
    expect((await kassa.ports.outbox.pending(10)).filter((e) => e.type === 'ContractClosed').map((e) => e.reason)).toEqual(['expired']);
  });

  it('in production generates the PIN and sends it by SMS; in test it is 1234 and nothing is sent', async () => {
    const prod = testKassa('production');
    const contract = value(await prod.useCases.createContract.execute({ ...key, customer: phone() }));
    expect(contract.pinDigest).toBe(`test-digest:${contract.id}:4821`);
    expect(prod.ports.sms.sent).toEqual([{ msisdn: '79001234567', pin: '4821' }]);
    expect(codeOf(await prod.useCases.authorizeContract.execute({ projectId: 1, contractId: contract.id, pinCode: '1234' }))).toBe('CONTRACT_NOT_AUTHORIZED');
    const test = testKassa('test');
    await test.useCases.createContract.execute({ ...key, customer: phone() });
    expect(test.ports.sms.sent).toEqual([]);
  });

  it('in production an SMS the provider refuses closes the new contract at once and answers PIN_NOT_DELIVERED; the key is free', async () => {
    const prod = testKassa('production');
    prod.ports.sms.undeliverable.add(phone().msisdn);
    const refused = await prod.useCases.createContract.execute({ ...key, customer: phone() });
    expect(codeOf(refused)).toBe('PIN_NOT_DELIVERED');
    const closedId = !refused.ok ? String(refused.error.details?.['contract_id']) : '';
    expect((await prod.ports.contracts.get(1, closedId))?.state).toBe('cancelled');
    expect(codeOf(await prod.useCases.createContract.execute({ ...key, customer: phone() }))).toBe('PIN_NOT_DELIVERED');
    expect(prod.ports.sms.sent).toHaveLength(2);
  });

  it('keeps projects apart: another project neither sees the contract nor shares its key', async () => {
    const { useCases } = testKassa();
    const contract = value(await useCases.createContract.execute({ ...key, customer: phone() }));
    expect(codeOf(await useCases.authorizeContract.execute({ projectId: 2, contractId: contract.id, pinCode: '1234' }))).toBe('CONTRACT_NOT_FOUND');
    expect(codeOf(await useCases.createContract.execute({ ...key, projectId: 2, customer: phone() }))).toBe('ok');
  });
});
