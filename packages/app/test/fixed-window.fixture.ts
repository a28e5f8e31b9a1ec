import { SIGN_IN_WINDOW_MINUTES } from '@kassa-payments/merchant-dashboard';

/**
 * Limits counted per fixed window aligned to the epoch (the callback rate's minute, the sign-in
 * throttle's quarter hour) forget everything at the window's edge: a test whose counted requests
 * straddle it sees every one pass. When fewer than `marginMs` are left of the current window, this
 * waits for the next one to begin, so the requests that follow all fall in one window.
 */
export async function clearOfWindowEdge(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

export const MINUTE_MS = 60_000;
/** The dashboard's sign-in throttle window. */
export const SIGN_IN_WINDOW_MS = SIGN_IN_WINDOW_MINUTES * MINUTE_MS;
