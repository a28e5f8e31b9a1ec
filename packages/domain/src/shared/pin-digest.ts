/**
 * Whether two PIN digests are equal, in time that depends only on their length: the machines
 * compare the digest of an entered PIN with the stored one, and a comparison that stops at the
 * first difference would tell an attacker how much of a guess was right.
 */
export function sameDigest(entered: string, stored: string | null | undefined): boolean {
  if (stored === null || stored === undefined || entered.length !== stored.length) return false;
  let difference = 0;
  for (let i = 0; i < entered.length; i++) difference |= entered.charCodeAt(i) ^ stored.charCodeAt(i);
  return difference === 0;
}
