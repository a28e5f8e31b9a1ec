import { domainError, type DomainError, type Project } from '@kassa-payments/domain';

/**
 * The rules every signed request shares, whatever its transport (JSON v3, XML 2.9, the subscription
 * service): how far its time may drift from ours, and whether its project may be called from here.
 */

/** The spec's allowed drift between a signed request's time and Kassa's clock, either way (a deployment may narrow it). */
export const MAX_DRIFT_SECONDS = 20 * 60;

/** Whether a request signed at `atMs` is within `maxSeconds` of `nowMs`. */
export const withinDrift = (nowMs: number, atMs: number, maxSeconds: number = MAX_DRIFT_SECONDS): boolean => Math.abs(nowMs - atMs) <= maxSeconds * 1000;

const span = (seconds: number): string => (seconds === 60 ? '1 minute' : seconds % 60 === 0 ? `${seconds / 60} minutes` : seconds === 1 ? '1 second' : `${seconds} seconds`);

/** AUTH_INVALID_TIMESTAMP naming the request's time `field` when `atMs` is beyond the drift; undefined within it. */
export function driftError(field: string, nowMs: number, atMs: number, maxSeconds: number = MAX_DRIFT_SECONDS): DomainError | undefined {
  return withinDrift(nowMs, atMs, maxSeconds) ? undefined : domainError('AUTH_INVALID_TIMESTAMP', `${field} differs from the server time by more than ${span(maxSeconds)}`);
}

/** Why `project` refuses a call from `callerIp` (inactive, or the address not whitelisted), or undefined. */
export function projectAccessError(project: Project, callerIp: string): DomainError | undefined {
  if (!project.active) return domainError('AUTH_INVALID_PROJECT', 'The project is inactive');
  if (project.ipWhitelist.length > 0 && !project.ipWhitelist.includes(callerIp)) {
    return domainError('AUTH_INVALID_PROJECT', 'The caller IP is not whitelisted for this project');
  }
  return undefined;
}
