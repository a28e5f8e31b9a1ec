import type { JsonErrorCode } from './error-codes.js';
import type { EventTypeName } from './responses.js';
import { TEST_ONLY, type ApiEnvironment } from './test-only.js';

/** The values of an enum only the test environment answers with: a test clock's event, test_info's and test clocks' refusals. */
export const TEST_ONLY_VALUES: readonly string[] = [
  'test_clock.ready',
  'TEST_CALLBACK_URL_FORBIDDEN',
  'TEST_CALLBACK_URL_REJECTED',
  'TEST_CALLBACK_URL_RATE_LIMITED',
  'TEST_CLOCK_NOT_FOUND',
  'TEST_CLOCK_ADVANCING',
  'TEST_CLOCK_TIME_INVALID',
  'TEST_CLOCK_LIMIT_EXCEEDED',
] satisfies readonly (EventTypeName | JsonErrorCode)[];

/** Whether `environment` has `value` (an enum's value, an error code). */
export const hasValue = (environment: ApiEnvironment, value: unknown) => environment === 'test' || !TEST_ONLY_VALUES.includes(value as string);

/**
 * A part of the document as `environment` has it: in production, without the fields marked
 * TEST_ONLY (and their names in `required`) and the TEST_ONLY_VALUES of enums; the mark left out in both.
 */
export function forEnvironment(node: unknown, environment: ApiEnvironment): unknown {
  if (Array.isArray(node)) return node.map((n) => forEnvironment(n, environment));
  if (node === null || typeof node !== 'object') return node;
  const { [TEST_ONLY]: _mark, ...schema } = node as Record<string, unknown>;
  const properties = schema['properties'];
  const testOnly =
    environment === 'production' && properties !== null && typeof properties === 'object'
      ? new Set(Object.entries(properties).flatMap(([name, p]) => ((p as Record<string, unknown> | null)?.[TEST_ONLY] === true ? [name] : [])))
      : new Set<string>();
  const kept = (key: string, value: unknown): unknown => {
    if (key === 'properties' && testOnly.size > 0) return Object.fromEntries(Object.entries(value as object).filter(([name]) => !testOnly.has(name)));
    if (key === 'required' && Array.isArray(value)) return value.filter((name) => !testOnly.has(name as string));
    if (key === 'enum' && Array.isArray(value)) return value.filter((v) => hasValue(environment, v));
    return value;
  };
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, forEnvironment(kept(key, value), environment)]));
}
