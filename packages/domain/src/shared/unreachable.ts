/** For an exhaustive `switch` over events (or anything else): the compiler refuses a missing case. */
export function unreachable(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
