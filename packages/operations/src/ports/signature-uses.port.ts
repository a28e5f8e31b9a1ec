/**
 * The first use of each version 3 and 4 request signature within its window, kept in storage so
 * that every API process sees one record: those versions sign neither the method, the path nor the
 * project, so the same signature would otherwise pass for another operation or project.
 */
export interface SignatureUses {
  /**
   * Records `use` (an operation on a project) as the first use of the signature whose SHA-256 is
   * `signatureSha256`, unless one is recorded already, atomically; kept until `expiresAt`. Answers
   * the first use: this one, or the earlier one racing or past calls recorded.
   */
  firstUse(signatureSha256: string, use: string, expiresAt: string): Promise<string>;
}
