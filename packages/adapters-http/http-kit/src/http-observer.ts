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

/** A request as it starts, for an observer that follows it to its end (tracing names its span). */
export interface OpenedExchange {
  /** The request's method as it came. */
  readonly method: string;
  /** The matched route's template once Express matched one, else `unmatched`. */
  route(): string;
  /**
   * Runs `listener` when the response closes (answered, abandoned by its client, or ended by a
   * shutdown), before the listeners registered earlier.
   */
  onClose(listener: () => void): void;
}

/** Told of every answered request (metrics); it must not throw. */
export interface HttpObserver {
  exchanged(exchange: HttpExchange): void;
  /** Told of each request as the first handler starts it, in the request's own context. */
  opened?(exchange: OpenedExchange): void;
}
