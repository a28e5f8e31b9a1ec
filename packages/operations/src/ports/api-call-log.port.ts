/** One call of the JSON v3 API as the dashboard's requests page shows it: its bodies already masked. */
export interface ApiCall {
  readonly id: string;
  readonly projectId: number;
  readonly at: string;
  readonly method: string;
  /** The route's template (`/api/v3/projects/:projectId/invoices/:invoiceId`), never the path as sent. */
  readonly route: string;
  readonly status: number;
  readonly requestId: string;
  readonly idempotencyKey?: string;
  readonly ms: number;
  /** The request and response bodies, masked as the logs are (no card data, PIN, secret or token), cut short. */
  readonly request?: string;
  readonly response?: string;
}

/** How many calls of a project are kept, and for how long. */
export const API_CALLS_KEPT = 500;
export const API_CALLS_DAYS = 7;

/** A project's recent API calls, bounded in number (API_CALLS_KEPT) and age (API_CALLS_DAYS). */
export interface ApiCallLog {
  record(call: ApiCall): Promise<void>;
  /** Newest first, at most `limit`, none older than `since`. */
  list(projectId: number, since: string, limit: number): Promise<ApiCall[]>;
  /** Oldest first by (`at`, `id`), strictly after `after` in that order, at most `limit` (a tail's keyset page). */
  after(projectId: number, after: { readonly at: string; readonly id: string }, limit: number): Promise<ApiCall[]>;
}
