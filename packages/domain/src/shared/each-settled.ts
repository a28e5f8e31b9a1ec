/**
 * Runs `work` on each item, at most `concurrency` at a time (in turn by default); an item that throws
 * does not stop the others. When any threw, an AggregateError with every failure is thrown at the
 * end, so the caller still logs them.
 */
export async function eachSettled<T>(items: readonly T[], work: (item: T) => Promise<unknown>, what: string, concurrency = 1): Promise<void> {
  const failures: unknown[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (e) {
        failures.push(e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} of ${items.length} ${what} failed`);
}
