/** ISO 8601 UTC without milliseconds, the spec's datetime form ("2026-11-22T10:00:00Z"). */
export const isoUtc = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The spec's form of a stored time (`toISOString` output), without a Date on the way. */
export const specTime = (iso: string): string => (iso.length === 24 && iso.endsWith('Z') ? `${iso.slice(0, 19)}Z` : isoUtc(new Date(iso)));

export const addSeconds = (iso: string, seconds: number): string => new Date(Date.parse(iso) + seconds * 1000).toISOString();

export const isAtOrAfter = (now: string, moment: string): boolean => Date.parse(now) >= Date.parse(moment);
