/** What the CLI's exit code says: scripts branch on it (docs/operators/admin-listener.md, "The kassa command"; the same for the merchants' commands). */
export const EXIT = {
  ok: 0,
  /** A usage mistake, or a file that is not what the command needs. */
  usage: 1,
  /** Kassa (its admin API, or the JSON API for a merchant's command) refused the request (4xx): its message says why. */
  refused: 2,
  /** Kassa did not answer, or failed (5xx): try again. */
  unavailable: 3,
} as const;

/** A command's failure, with the exit code it ends the process with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}
