import type { Clock } from '@kassa-payments/domain';
import { SIGN_IN_WINDOW_MINUTES } from '@kassa-payments/merchant-dashboard';

/**
 * Limits counted per fixed window aligned to the epoch (the callback rate's minute, the sign-in
 * throttle's quarter hour) forget everything at the window's edge. A test on Kassa's injected clock
 * begins its counted requests at the start of the next window: none counted before is in it, and
 * since the clock moves only when the test moves it, the requests that follow all fall in that one
 * window, however long they take. Returns the window's end (its edge), in ms.
 */
export function atNextWindow(clock: Clock & { set(at: Date): void }, windowMs: number): number {
  const start = (Math.floor(clock.now().getTime() / windowMs) + 1) * windowMs;
  clock.set(new Date(start));
  return start + windowMs;
}

export const MINUTE_MS = 60_000;
/** The dashboard's sign-in throttle window. */
export const SIGN_IN_WINDOW_MS = SIGN_IN_WINDOW_MINUTES * MINUTE_MS;

/**
 * The real time, shifted where a test sets it: for a suite whose Kassa must go on by itself (a test
 * clock's advance that asks again a second later, webhook retries) yet begins a fixed window where
 * the test says (`atNextWindow`; the requests that follow must then take less than the window).
 * Kassa is started with `clockMoves: 'by-itself'`.
 */
export class ShiftedClock implements Clock {
  private shiftMs = 0;
  now(): Date {
    return new Date(Date.now() + this.shiftMs);
  }
  set(at: Date): void {
    this.shiftMs = at.getTime() - Date.now();
  }
}
