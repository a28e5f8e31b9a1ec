/** The current time. Tests and the sandbox move it. */
export interface Clock {
  now(): Date;
}
