/**
 * The metadata key that marks a field of the wire schemas only the test environment has (test_info,
 * the hint next_step): the OpenAPI document of production leaves such a field out, the test
 * environment's keeps it; neither keeps the key.
 */
export const TEST_ONLY = 'x-test-only';

/** The environment a document describes: production's has no sandbox. */
export type ApiEnvironment = 'test' | 'production';
