/** A secret replaced by a rotation that still verifies until `validUntil` (an ISO time the operator chose). */
export interface RetiringSecret {
  readonly value: string;
  readonly validUntil: string;
}

/**
 * The secrets that sign and verify now: the current one, then the one a rotation replaced while its
 * overlap lasts (`validUntil` is exclusive). Empty without a current secret.
 */
export function liveSecrets(current: string | null, previous: RetiringSecret | undefined, now: Date): string[] {
  if (current === null) return [];
  return previous !== undefined && now.getTime() < Date.parse(previous.validUntil) && previous.value !== current ? [current, previous.value] : [current];
}
