/** A partner signed in to the dashboard. Stored under the digest of its cookie's token, never the token. */
export interface DashboardSession {
  /** The SHA-256 of the session token (hex): a stolen store opens no session. */
  readonly id: string;
  readonly partnerLogin: string;
  /**
   * An HMAC of the password the session was opened with, keyed by the session's token (which only the
   * cookie holds): a session ends when that password stops being the partner's.
   */
  readonly passwordMark: string;
  readonly createdAt: string;
  readonly expiresAt: string;
}

/**
 * The dashboard's sessions and its sign-in throttle, in storage so that any API process serves any
 * session and counts every failed attempt.
 */
export interface DashboardSessions {
  create(session: DashboardSession): Promise<void>;
  /** The session, unless it is unknown or has expired at `now`. */
  get(id: string, now: string): Promise<DashboardSession | undefined>;
  remove(id: string): Promise<void>;
  /**
   * Adds `delta` (1, or -1 to take back an attempt that succeeded) to `key`'s count in the window
   * that began at `windowStart` (kept until `expiresAt`), atomically; answers the count after it.
   */
  addFailure(key: string, windowStart: string, expiresAt: string, delta?: number): Promise<number>;
  /** Removes sessions and windows that expired before `before` (the retention). */
  purgeExpired(before: string): Promise<number>;
}
