import type { Clock } from './clock.port.js';

/** The real time: the Clock every deployment binds (tests and simulations bind a ManualClock). */
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
