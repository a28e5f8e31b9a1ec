import { fail, type DomainError } from '../shared/errors.js';
import type { Err } from '../shared/result.js';
import { WEBHOOK_ENDPOINT_LIMITS } from './webhook-endpoint.fields.js';

/** What the endpoint use cases answer when they cannot do what was asked (the machine itself refuses nothing). */
export const endpointRefusals = {
  /** Unknown id, or another project's. */
  notFound: (): Err<DomainError> => fail('NOT_FOUND', 'No such webhook endpoint'),
  /** Every slot of the project is taken. */
  limitReached: (): Err<DomainError> =>
    fail('WEBHOOK_ENDPOINT_LIMIT_EXCEEDED', `A project has at most ${WEBHOOK_ENDPOINT_LIMITS.perProject} webhook endpoints: delete one first`, { limit: WEBHOOK_ENDPOINT_LIMITS.perProject }),
  /** The address check refused the URL (its reason says what is allowed, never what the host resolved to). */
  urlRejected: (reason: string): Err<DomainError> => fail('WEBHOOK_ENDPOINT_URL_REJECTED', `url: ${reason}`),
};
