import { TEST_ONLY, TEST_ONLY_VALUES, type ApiEnvironment } from './test-only.js';

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
