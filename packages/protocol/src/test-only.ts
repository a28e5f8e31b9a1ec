import type { JsonErrorCode } from './error-codes.js';
import type { EventTypeName } from './responses.js';

/**
 * The metadata key that marks a field of the wire schemas only the test environment has (test_info,
 * the hint next_step): the OpenAPI document of production leaves such a field out, the test
 * environment's keeps it; neither keeps the key.
 */
export const TEST_ONLY = 'x-test-only';

/** The values of an enum only the test environment answers with: a test clock's event, test_info's and test clocks' refusals. */
export const TEST_ONLY_VALUES: readonly string[] = [
  'test_clock.ready',
  'TEST_CALLBACK_URL_FORBIDDEN',
  'TEST_CALLBACK_URL_REJECTED',
  'TEST_CALLBACK_URL_RATE_LIMITED',
  'TEST_CLOCK_NOT_FOUND',
  'TEST_CLOCK_ADVANCING',
  'TEST_CLOCK_TIME_INVALID',
] satisfies readonly (EventTypeName | JsonErrorCode)[];

/** The environment a document describes: production's has no sandbox. */
export type ApiEnvironment = 'test' | 'production';
