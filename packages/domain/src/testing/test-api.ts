/** The few test-runner functions the suite needs; pass vitest's. Keeps this file free of vitest. */
export interface TestApi {
  describe(name: string, body: () => void): void;
  /** `timeout` in ms: for the few tests that write hundreds of records one by one. */
  it(name: string, body: () => Promise<void>, timeout?: number): void;
  expect: (value: unknown) => {
    toEqual(expected: unknown): void;
    toBe(expected: unknown): void;
    toBeUndefined(): void;
    toHaveLength(n: number): void;
  };
}
