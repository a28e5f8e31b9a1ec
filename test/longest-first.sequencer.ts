import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest on the 2-core machine, longest first (the timing reporter's list): a
 * fresh clone has no vitest cache of durations, and by project name (vitest's own order) the unit
 * project's long files started last and ran on alone at the end.
 */
const SLOWEST = [
  'test/docs/docs.test.ts',
  'packages/app/test/redis-sentinel.failover.test.ts',
  'packages/app/test/packing.test.ts',
  'packages/app/test/redis-tls.test.ts',
  'packages/app/test/workers.test.ts',
  'packages/app/test/subscription-workers.test.ts',
  'packages/app/test/dashboard.browser.test.ts',
  'packages/app/test/redis-cluster.failover.test.ts',
  'packages/app/test/multi-api.test.ts',
  'packages/app/test/merchant-tools.test.ts',
  'packages/app/test/widget.browser.test.ts',
  'packages/app/test/python-sdk.test.ts',
];

/** A file this long (ms) or longer starts before the rest. */
const LONG_MS = 10_000;

/**
 * The long files first, longest first, whatever their project (the longest-processing-time rule: the
 * run ends with short files, not a long one started last), by the durations vitest's cache holds from
 * the last run, else by the list above; then the rest in vitest's own order, each project's files
 * together (the unit project's workers share their module cache only between files of that project:
 * interleaving its short files with the others' took the run's import time from 252 s to 370 s).
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const keyOf = (spec: TestSpecification) => `${spec.project.name}:${relative(root, spec.moduleId)}`;
    const cached = files.every((spec) => this.ctx.cache.getFileTestResults(keyOf(spec)) !== undefined);
    /** How long a file is expected to take, or 0 for one that is not long. */
    const weight = (spec: TestSpecification): number => {
      if (cached) {
        const ms = this.ctx.cache.getFileTestResults(keyOf(spec))?.duration ?? 0;
        return ms >= LONG_MS ? ms : 0;
      }
      const listed = SLOWEST.indexOf(relative(root, spec.moduleId));
      return listed >= 0 ? SLOWEST.length - listed : 0;
    };
    const long = files.filter((spec) => weight(spec) > 0).sort((a, b) => weight(b) - weight(a));
    const rest = await super.sort(files.filter((spec) => weight(spec) === 0));
    return [...long, ...rest];
  }
}
