/**
 * One server of a kind for the whole run: each vitest project that names a global setup calls it,
 * and every project's tests use databases or key prefixes of their own, so the first call starts the
 * server and the last teardown stops it (five MongoDB-compatible servers and four Redis before: a JVM
 * each, about 250 MB and seconds of CPU at start, on a 2-core machine). The global setups run in
 * vitest's main process; the count lives on globalThis, shared by every copy of this module.
 */
export async function sharedServer(key: string, start: () => Promise<{ url: string; destroy(): Promise<void> }>): Promise<{ url: string; release(): Promise<void> }> {
  const slot = Symbol.for(`kassa.test.${key}`);
  const g = globalThis as unknown as Record<symbol, { server: Promise<{ url: string; destroy(): Promise<void> }>; users: number } | undefined>;
  g[slot] ??= { server: start(), users: 0 };
  const shared = g[slot];
  // A start that failed is not kept for the next caller (a watch-mode rerun starts afresh).
  shared.server.catch(() => {
    if (g[slot] === shared) g[slot] = undefined;
  });
  shared.users += 1;
  const server = await shared.server;
  return {
    url: server.url,
    async release() {
      shared.users -= 1;
      if (shared.users > 0) return;
      g[slot] = undefined;
      await server.destroy();
    },
  };
}
