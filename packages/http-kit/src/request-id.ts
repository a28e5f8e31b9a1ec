import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '@kassa-payments/domain';

/** A caller's X-Request-Id is kept when it is 1-128 visible ASCII characters; otherwise Kassa makes one. */
const WELL_FORMED = /^[\x21-\x7e]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** The caller's request id if well formed, else a new one (a UUID). */
export function requestIdOf(given: string | readonly string[] | undefined): string {
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/**
 * The request (or job) being served, for the whole of its asynchronous work: its log lines, the
 * events its commands record and the jobs they schedule carry its id. One per process, shared by the
 * listeners and the job runners.
 */
export class RequestScope implements RequestContext {
  private readonly storage = new AsyncLocalStorage<{ readonly id: string; readonly by: 'request' | 'job'; idempotencyKey?: string }>();

  requestId(): string | undefined {
    return this.storage.getStore()?.id;
  }

  idempotencyKey(): string | undefined {
    return this.storage.getStore()?.idempotencyKey;
  }

  /** Notes the running request's Idempotency-Key: the events it causes carry it too. */
  tag(idempotencyKey: string): void {
    const store = this.storage.getStore();
    if (store) store.idempotencyKey = idempotencyKey;
  }

  /** Whether the work running now is a request's own (not a job that carries a request's id). */
  servingRequest(): boolean {
    return this.storage.getStore()?.by === 'request';
  }

  /** Runs `work` as part of request `id` (no id: outside any request); `by` says whether a request or a job it caused runs it. */
  run<T>(id: string | undefined, work: () => T, by: 'request' | 'job' = 'request', idempotencyKey?: string): T {
    return id === undefined ? this.storage.exit(work) : this.storage.run({ id, by, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) }, work);
  }
}
