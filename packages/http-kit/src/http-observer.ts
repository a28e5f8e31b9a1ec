/** One answered request, as metrics count it: every label bounded (a route's template, never its path). */
export interface HttpExchange {
  readonly host: string;
  /** The matched route's template (`/api/v3/projects/:projectId/invoices`), or `unmatched`. */
  readonly route: string;
  /** GET, POST, …; a method no route knows is `other`. */
  readonly method: string;
  readonly status: number;
  readonly seconds: number;
  /** For a document endpoint (the XML services): which operation, and its ResultCode or StatusID. */
  readonly document?: DocumentOutcome;
}

/** An XML operation's outcome: the service, the operation's name (bounded by the service) and its result. */
export interface DocumentOutcome {
  readonly service: string;
  readonly operation: string;
  readonly result: string;
}

/** Told of every answered request (metrics); it must not throw. */
export interface HttpObserver {
  exchanged(exchange: HttpExchange): void;
}
