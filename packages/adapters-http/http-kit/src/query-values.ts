import type { Request } from 'express';

/** The times Kassa stores: ISO 8601 UTC, milliseconds optional (a list's cursor holds one). */
export const STORED_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/;
/** A time a query may give: ISO 8601 UTC, 0 to 3 fraction digits. */
const QUERY_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/;

/** Whether `text` is a time a query may give, and a real one: Date.parse takes February 31 as March 3, so it must read back the same. */
export function isQueryTime(text: string): boolean {
  if (!QUERY_TIME.test(text)) return false;
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === text.slice(0, 19);
}

/**
 * A query parameter given once as text of 1 to `max` characters, or none. A repeated one (or `a[]`)
 * Express reads as an array: no value a route can take, nor one the signature covers.
 */
export function singleQueryValue(query: Request['query'], name: string, max: number): { value?: string } | { error: string } {
  const v = query[name];
  if (v === undefined) return {};
  if (typeof v !== 'string') return { error: `${name}: give it once, as text` };
  if (v.length === 0 || v.length > max) return { error: `${name}: 1 to ${max} characters` };
  return { value: v };
}
