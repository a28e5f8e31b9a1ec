/** How long storage and Redis may take to answer a readiness check. */
export const READY_TIMEOUT_MS = 1_000;

export type CheckResult = 'ok' | 'failed' | 'timeout';

export interface ReadinessReport {
  readonly ready: boolean;
  readonly draining: boolean;
  readonly checks: Readonly<Record<string, CheckResult>>;
}

const withinBound = async (check: () => Promise<void>, ms: number): Promise<CheckResult> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([
      check().then(
        (): CheckResult => 'ok',
        (): CheckResult => 'failed',
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Whether this process should get traffic: false as soon as a drain starts (SIGTERM; before the
 * listeners close, so that a load balancer stops sending first), or while a required check (storage;
 * Redis on a worker) does not answer within READY_TIMEOUT_MS. Liveness (/health) stays true meanwhile:
 * a restart would not help. An advisory check (Redis on a process serving the API) is reported in
 * `checks` but does not take the process out of the load balancer: it answers without Redis.
 */
export class Readiness {
  private draining = false;

  constructor(
    private readonly checks: Readonly<Record<string, () => Promise<void>>>,
    private readonly timeoutMs = READY_TIMEOUT_MS,
    /** The names of `checks` reported but not required. */
    private readonly advisory: ReadonlySet<string> = new Set(),
  ) {}

  drain(): void {
    this.draining = true;
  }

  async report(): Promise<ReadinessReport> {
    const names = Object.keys(this.checks);
    const results = await Promise.all(names.map((name) => withinBound(this.checks[name] as () => Promise<void>, this.timeoutMs)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i] as CheckResult]));
    const required = results.every((r, i) => r === 'ok' || this.advisory.has(names[i] as string));
    return { ready: !this.draining && required, draining: this.draining, checks };
  }
}
