import type { KassaResponse } from '@kassa-payments/merchant-client';
import { CliError, EXIT } from './cli-error.js';

/** The answer's data, or the refusal as the command's failure (5xx: Kassa failing, try again). */
export function must<T>(answer: KassaResponse<T>, what: string): T {
  if (answer.ok) return answer.data;
  throw new CliError(`${what}: ${answer.status} ${answer.error.code}: ${answer.error.message}`, answer.status >= 500 ? EXIT.unavailable : EXIT.refused);
}
