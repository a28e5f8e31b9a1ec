/**
 * Runs `work` on each item in turn; an item that throws does not stop the ones after it. When any
 * threw, an AggregateError with every failure is thrown at the end, so the caller still logs them.
 */
export async function eachSettled<T>(items: readonly T[], work: (item: T) => Promise<unknown>, what: string): Promise<void> {
  const failures: unknown[] = [];
  for (const item of items) {
    try {
      await work(item);
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} of ${items.length} ${what} failed`);
}
