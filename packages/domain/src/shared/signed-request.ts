import type { Project } from '../ports/project-directory.port.js';
import { domainError, type DomainError } from './errors.js';

/**
 * The rules every signed request shares, whatever its transport (JSON v3, XML 2.9, the subscription
 * service): how far its time may drift from ours, and whether its project may be called from here.
 */

/** The allowed drift between a signed request's time and Kassa's clock, either way. */
export const MAX_DRIFT_SECONDS = 20 * 60;

/** Whether a request signed at `atMs` is within the drift of `nowMs`. */
export const withinDrift = (nowMs: number, atMs: number): boolean => Math.abs(nowMs - atMs) <= MAX_DRIFT_SECONDS * 1000;

/** Why `project` refuses a call from `callerIp` (inactive, or the address not whitelisted), or undefined. */
export function projectAccessError(project: Project, callerIp: string): DomainError | undefined {
  if (!project.active) return domainError('AUTH_INVALID_PROJECT', 'The project is inactive');
  if (project.ipWhitelist.length > 0 && !project.ipWhitelist.includes(callerIp)) {
    return domainError('AUTH_INVALID_PROJECT', 'The caller IP is not whitelisted for this project');
  }
  return undefined;
}
