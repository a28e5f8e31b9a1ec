/** ISO 8601 UTC without milliseconds, the spec's datetime form ("2026-11-22T10:00:00Z"). */
export const isoUtc = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The spec's form of a stored time (`toISOString` output), without a Date on the way. */
export const specTime = (iso: string): string => (iso.length === 24 && iso.endsWith('Z') ? `${iso.slice(0, 19)}Z` : isoUtc(new Date(iso)));

const SPEC_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/**
 * Milliseconds of a time a client signed ("2026-11-22T10:00:00Z", the JSON X-Timestamp and the XML
 * NowUtc), or undefined unless it is a real UTC time in exactly that form.
 */
export function parseSpecTime(value: string): number | undefined {
  const m = SPEC_TIME.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // Date.UTC rolls 30 February over into March: a real date gives its own fields back.
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? ms : undefined;
}

export const addSeconds = (iso: string, seconds: number): string => new Date(Date.parse(iso) + seconds * 1000).toISOString();

export const isAtOrAfter = (now: string, moment: string): boolean => Date.parse(now) >= Date.parse(moment);

/** The subscription service's UTC time, `yyyyMMddHHmmss` ("20261122100000"), in milliseconds; undefined unless a real time. */
export function parseCompactUtc(value: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  return m ? parseSpecTime(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : undefined;
}

/** A time as the subscription service writes it: UTC `yyyyMMddHHmmss`. */
export const compactUtc = (iso: string): string => specTime(iso).replace(/[-:TZ]/g, '');
