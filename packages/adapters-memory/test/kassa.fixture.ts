import { inMemoryPorts, type InMemoryPorts } from '../src/index.js';
import { projectWithDefaults } from '../src/index.js';
import type { Partner, Project } from '@kassa-payments/domain';
import type { KassaMode } from '@kassa-payments/domain';
import { kassaUseCases, type KassaUseCases } from '@kassa-payments/domain';

export const PARTNER: Partner = { login: 'merchant', password: 'secret', testCallbackAllowed: false };
export const FLAGGED_PARTNER: Partner = { login: 'flagged', password: 'secret2', testCallbackAllowed: true };

export const project = (id: number, overrides: Partial<Project> = {}): Project =>
  projectWithDefaults({ id, partnerLogin: PARTNER.login, defaultPrice: { minor: 1000, currency: 'RUB' }, subscriptionSecret: 'subs-secret', ...overrides });

export interface TestKassa {
  readonly ports: InMemoryPorts;
  readonly useCases: KassaUseCases;
  /** Runs every job due now (and jobs those jobs schedule for now), like the worker would. */
  runJobs(): Promise<number>;
  /** Moves the clock, then runs what became due. */
  advance(seconds: number): Promise<number>;
}

/** A Kassa on in-memory ports: projects 1 and 2 of PARTNER, project 3 without a default price. */
export function testKassa(mode: KassaMode = 'test'): TestKassa {
  const ports = inMemoryPorts({
    partners: [PARTNER, FLAGGED_PARTNER],
    projects: [project(1), project(2), project(3, { defaultPrice: null }), project(4, { partnerLogin: FLAGGED_PARTNER.login })],
    mode,
  });
  const useCases = kassaUseCases(ports);
  const runJobs = async () => {
    let ran = 0;
    for (let jobs = ports.scheduler.takeDue(ports.clock.now()); jobs.length > 0; jobs = ports.scheduler.takeDue(ports.clock.now())) {
      for (const job of jobs) await useCases.runJob.execute(job);
      ran += jobs.length;
    }
    return ran;
  };
  return {
    ports,
    useCases,
    runJobs,
    advance: async (seconds) => {
      ports.clock.advance(seconds);
      return runJobs();
    },
  };
}

export const phone = (msisdn = '79001234567') => ({ type: 'mobile_phone' as const, msisdn });

/** The unwrapped value of an ok result; throws with the error otherwise. */
export function value<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

/** The error code of a failed result, or 'ok'. */
export const codeOf = (r: { ok: boolean; error?: { code: string } }): string => (r.ok ? 'ok' : (r.error?.code ?? '?'));
