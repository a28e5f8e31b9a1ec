import type { FileJournal } from './file-journal.js';

/**
 * `store` whose every asynchronous method resolves only once the changes it made are written (the
 * data folder's group commit, FileJournal.committed): whoever answers for a change (a route, a job)
 * answers after it is on the OS. A method that changed nothing, or a synchronous one, costs no wait.
 */
export function committing<T extends object>(store: T, journal: Pick<FileJournal, 'committed'>): T {
  const wrapped = new Map<PropertyKey, (...args: unknown[]) => unknown>();
  const afterCommit = async (result: unknown): Promise<unknown> => {
    const commit = journal.committed();
    if (commit) await commit;
    return result;
  };
  return new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      let method = wrapped.get(name);
      if (!method) {
        const own = value as (...args: unknown[]) => unknown;
        method = (...args: unknown[]) => {
          const result = own.apply(target, args);
          return result instanceof Promise ? result.then(afterCommit) : result;
        };
        wrapped.set(name, method);
      }
      return method;
    },
  });
}
