import type { Partner, Project, ProjectDirectory } from '@kassa-payments/domain';
import { projectWithDefaults } from '@kassa-payments/domain/testing';
import { describe, expect, it } from 'vitest';
import { CallerAuthentication, MAX_LOGIN_LENGTH, type PartnerCall, type ProjectSignedCall } from './caller-authentication.js';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const partner: Partner = { login: 'shop', password: 'pw-now', previousPassword: { value: 'pw-before', validUntil: '2026-11-25T00:00:00Z' }, testCallbackAllowed: false };
const projects: Record<number, Project> = {
  1: projectWithDefaults({ id: 1, partnerLogin: 'shop', subscriptionSecret: 'sub-now', previousSubscriptionSecret: { value: 'sub-before', validUntil: '2026-11-25T00:00:00Z' } }),
  2: projectWithDefaults({ id: 2, partnerLogin: 'other' }),
  3: projectWithDefaults({ id: 3, partnerLogin: 'shop', active: false, subscriptionSecret: 'sub-3' }),
  4: projectWithDefaults({ id: 4, partnerLogin: 'shop', ipWhitelist: ['203.0.113.7'], subscriptionSecret: 'sub-4' }),
  5: projectWithDefaults({ id: 5, partnerLogin: 'shop', minSignatureVersion: 4 }),
};
const directory: ProjectDirectory = {
  findPartner: async (login) => (login === partner.login ? partner : undefined),
  findProject: async (id) => projects[id],
};
const callers = new CallerAuthentication({ projects: directory, clock: { now: () => new Date(NOW) }, maxDriftSeconds: 60 });

/** A call signed with `key`; `tried` records every secret the service asked about (undefined: the unknown signer's). */
function signedWith(key: string, over: Partial<PartnerCall> = {}) {
  const tried: (string | undefined)[] = [];
  const call: PartnerCall = {
    login: 'shop',
    signedAt: NOW,
    signedAtName: 'X-Timestamp',
    signatureMatches: (secret) => {
      tried.push(secret);
      return secret === key;
    },
    ...over,
  };
  return { call, tried };
}
const access = { projectId: 1, callerIp: '198.51.100.1' };

describe('CallerAuthentication: a partner-signed call (JSON v3, XML 2.9)', () => {
  it('answers the partner and its project for a signature with its password, or with the one a rotation replaced while it lasts', async () => {
    const now = await callers.authenticate({ ...signedWith('pw-now').call, ...access });
    expect(now).toEqual({ ok: true, value: { partner, project: projects[1] } });
    const { call, tried } = signedWith('pw-before');
    expect((await callers.authenticate({ ...call, ...access })).ok).toBe(true);
    expect(tried).toEqual(['pw-now', 'pw-before']);
  });

  it('refuses a login longer than any partner has, looking nothing up and computing no signature', async () => {
    const { call, tried } = signedWith('pw-now', { login: 'x'.repeat(MAX_LOGIN_LENGTH + 1) });
    const refused = await callers.partner(call);
    expect(refused).toEqual({ ok: false, error: { check: 'login-too-long', error: { code: 'AUTH_INVALID_SIGNATURE', message: 'Invalid signature' } } });
    expect(tried).toEqual([]);
  });

  it('refuses an unknown login after the same signature computation, with a key of no one', async () => {
    const { call, tried } = signedWith('pw-now', { login: 'nobody' });
    const refused = await callers.partner(call);
    expect(refused.ok ? undefined : refused.error.check).toBe('unknown-signer');
    expect(tried).toEqual([undefined]);
  });

  it('refuses a signature with none of the live passwords (a retired one included)', async () => {
    for (const key of ['wrong', 'pw-before']) {
      const late = new CallerAuthentication({ projects: directory, clock: { now: () => new Date('2026-11-25T00:00:00Z') } });
      const refused = await (key === 'wrong' ? callers : late).partner({ ...signedWith(key).call, signedAt: Date.parse('2026-11-25T00:00:00Z') });
      expect(refused.ok ? undefined : refused.error).toEqual({ check: 'signature', error: { code: 'AUTH_INVALID_SIGNATURE', message: 'Invalid signature' } });
    }
  });

  it('refuses an unreadable time, and a time beyond the drift naming the wire field', async () => {
    const unreadable = await callers.partner({ ...signedWith('pw-now').call, signedAt: undefined });
    expect(unreadable.ok ? undefined : unreadable.error.check).toBe('unreadable-time');
    const late = await callers.partner({ ...signedWith('pw-now').call, signedAt: NOW - 61_000 });
    expect(late.ok ? undefined : late.error).toEqual({
      check: 'drift',
      error: { code: 'AUTH_INVALID_TIMESTAMP', message: 'X-Timestamp differs from the server time by more than 1 minute' },
    });
    expect((await callers.partner({ ...signedWith('pw-now').call, signedAt: NOW + 60_000 })).ok).toBe(true);
  });

  it("refuses a project that is not the partner's (or none), that refuses the signature, that is inactive, or that the IP may not call", async () => {
    const check = async (projectId: number | undefined, callerIp = '198.51.100.1', accepts?: (p: Project) => boolean) => {
      const answer = await callers.project(partner, accepts ? { projectId, callerIp, accepts } : { projectId, callerIp });
      return answer.ok ? 'ok' : `${answer.error.check}: ${answer.error.error.code} ${answer.error.error.message}`;
    };
    expect(await check(2)).toBe('not-owner: AUTH_INVALID_PROJECT The project does not belong to this partner');
    expect(await check(99)).toBe('not-owner: AUTH_INVALID_PROJECT The project does not belong to this partner');
    expect(await check(undefined)).toBe('not-owner: AUTH_INVALID_PROJECT The project does not belong to this partner');
    expect(await check(5, '198.51.100.1', (p) => p.minSignatureVersion !== 4)).toBe('signature-not-accepted: AUTH_INVALID_SIGNATURE Invalid signature');
    expect(await check(3)).toBe('project-inactive: AUTH_INVALID_PROJECT The project is inactive');
    expect(await check(4)).toBe('address-not-allowed: AUTH_INVALID_PROJECT The caller IP is not whitelisted for this project');
    expect(await check(4, '203.0.113.7')).toBe('ok');
  });
});

describe('CallerAuthentication: a project-signed call (the subscription service)', () => {
  const call = (projectId: number | undefined, key: string, over: Partial<ProjectSignedCall> = {}) => {
    const tried: (string | undefined)[] = [];
    const signed: ProjectSignedCall = {
      projectId,
      signedAt: NOW,
      signedAtName: 'Now',
      callerIp: '198.51.100.1',
      signatureMatches: (secret) => {
        tried.push(secret);
        return secret === key;
      },
      ...over,
    };
    return { signed, tried };
  };
  const checkOf = async (c: ProjectSignedCall) => {
    const answer = await callers.projectSigned(c);
    return answer.ok ? `ok ${answer.value.id}` : answer.error.check;
  };

  it('answers the project for a signature with its subscription secret, or the one a rotation replaced', async () => {
    expect(await checkOf(call(1, 'sub-now').signed)).toBe('ok 1');
    const { signed, tried } = call(1, 'sub-before');
    expect(await checkOf(signed)).toBe('ok 1');
    expect(tried).toEqual(['sub-now', 'sub-before']);
  });

  it('refuses an unknown project, or one without a subscription secret, after the same signature computation', async () => {
    for (const id of [99, 2, undefined]) {
      const { signed, tried } = call(id, 'sub-now');
      expect(await checkOf(signed)).toBe('unknown-signer');
      expect(tried).toEqual([undefined]);
    }
  });

  it('refuses a wrong signature, an unreadable or drifted time, an inactive project and an IP it does not admit', async () => {
    expect(await checkOf(call(1, 'wrong').signed)).toBe('signature');
    expect(await checkOf(call(1, 'sub-now', { signedAt: undefined }).signed)).toBe('unreadable-time');
    const drifted = await callers.projectSigned(call(1, 'sub-now', { signedAt: NOW + 61_000 }).signed);
    expect(drifted.ok ? undefined : drifted.error.error.message).toBe('Now differs from the server time by more than 1 minute');
    expect(await checkOf(call(3, 'sub-3').signed)).toBe('project-inactive');
    expect(await checkOf(call(4, 'sub-4').signed)).toBe('address-not-allowed');
    expect(await checkOf(call(4, 'sub-4', { callerIp: '203.0.113.7' }).signed)).toBe('ok 4');
  });
});
