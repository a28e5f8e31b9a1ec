import { randomUUID } from 'node:crypto';

/** A caller's X-Request-Id is kept when it is 1-128 visible ASCII characters; otherwise Kassa makes one. */
const WELL_FORMED = /^[\x21-\x7e]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** The caller's request id if well formed, else a new one (a UUID). */
export function requestIdOf(given: string | readonly string[] | undefined): string {
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}
