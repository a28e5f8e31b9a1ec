/** One change an operator made: when, who (the admin token's holder), from where, what. Secrets are never in `changes`. */
export interface AuditEntry {
  readonly id: string;
  readonly at: string;
  /** Who made it: `admin-token`, or `seed-file` for the import at start. */
  readonly actor: string;
  /** The caller's address, or the seed file's path. */
  readonly from: string;
  /** What was done: `partner.created`, `project.changed`, `secret.rotated`, `deliveries.recovered`, … */
  readonly action: string;
  /** What it was done to: `partner:<login>`, `project:<id>`, … */
  readonly target: string;
  /** The fields set, with every secret replaced by `[set]`. */
  readonly changes: Readonly<Record<string, unknown>>;
}

/** The operators' changes, kept (never removed by the retention), listed newest first. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Newest first, at most `limit`, strictly older than the entry `before` names when given. */
  list(limit: number, before?: { readonly at: string; readonly id: string }): Promise<AuditEntry[]>;
}
