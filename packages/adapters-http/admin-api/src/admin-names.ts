import type { z } from 'zod';

/**
 * The admin API's wire names are snake_case (`partner_login`, `previous_valid_until`), as every Kassa
 * JSON API's; its checks (shared with the seed file, whose fields are camelCase) and the domain keep
 * camelCase. The camelCase names of before are still read, for one minor version, and make the answer
 * carry `Deprecation`.
 */
export const snakeName = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camelName = (name: string): string => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** An object's own keys in snake_case (its values as they are). */
export const snakeKeys = (o: Readonly<Record<string, unknown>>): Record<string, unknown> => Object.fromEntries(Object.entries(o).map(([k, v]) => [snakeName(k), v]));

/** A body or query read: its fields under the checks' names, and the names the caller gave them (for messages). */
export interface Named {
  readonly value: unknown;
  /** A field was given by its camelCase name of before. */
  readonly deprecated: boolean;
  /** The checks' name of a field → the name the caller gave it. */
  readonly given: ReadonlyMap<string, string>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The top-level fields of `input` under the checks' (camelCase) names; a field given under both its names is refused. */
export function namedFields(input: unknown): { ok: true; value: Named } | { ok: false; message: string } {
  if (!isRecord(input)) return { ok: true, value: { value: input, deprecated: false, given: new Map() } };
  const fields: Record<string, unknown> = {};
  const given = new Map<string, string>();
  let deprecated = false;
  for (const [name, v] of Object.entries(input)) {
    const own = camelName(name);
    const twice = given.get(own);
    if (twice !== undefined) return { ok: false, message: `${snakeName(own)}: given twice (as ${twice} and ${name})` };
    // A name with a capital is a camelCase one of before (`projectId`); a snake_case one has none.
    if (/[A-Z]/.test(name)) deprecated = true;
    given.set(own, name);
    fields[own] = v;
  }
  return { ok: true, value: { value: fields, deprecated, given } };
}

/** The first problem of a failed check, named by the field as the caller gave it (or its snake_case name). */
export function issueText(error: z.ZodError, given: ReadonlyMap<string, string> = new Map()): string {
  const issue = error.issues[0];
  if (!issue) return '(root): invalid';
  const wire = (name: string) => given.get(name) ?? snakeName(name);
  if (issue.code === 'unrecognized_keys') return `${issue.keys.map(wire).join(', ')}: not a field of this request`;
  const [first, ...rest] = issue.path.map(String);
  const path = [first === undefined ? undefined : wire(first), ...rest].filter((p) => p !== undefined && p !== '').join('.');
  return `${path || '(root)'}: ${issue.message}`;
}
