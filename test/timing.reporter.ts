import type { Reporter, TestModule } from 'vitest/node';

/**
 * The test command reports itself: after the run, each vitest project's wall time (its first file's
 * start to its last file's end) and the ten slowest files (each from its start in a worker to its
 * end), so that a run that grew slower says where.
 */
export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly files: { file: string; project: string; ms: number }[] = [];
  private readonly projects = new Map<string, { first: number; last: number }>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.id, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = Date.now();
    const start = this.started.get(module.id) ?? end;
    const project = module.project.name || 'default';
    this.files.push({ file: module.relativeModuleId, project, ms: end - start });
    const span = this.projects.get(project);
    this.projects.set(project, { first: Math.min(span?.first ?? start, start), last: Math.max(span?.last ?? end, end) });
  }

  onTestRunEnd(): void {
    if (this.files.length < 2) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = ['', 'wall time by project (from the start of its first file to the end of its last, seconds into the run):'];
    const runStart = Math.min(...[...this.projects.values()].map((p) => p.first));
    for (const [name, { first, last }] of [...this.projects].sort((a, b) => b[1].last - b[1].first - (a[1].last - a[1].first)))
      lines.push(`  ${name.padEnd(10)} ${seconds(last - first).padStart(8)}  (${Math.round((first - runStart) / 1000)}-${Math.round((last - runStart) / 1000)})`);
    lines.push('the ten slowest files:');
    for (const f of [...this.files].sort((a, b) => b.ms - a.ms).slice(0, 10)) lines.push(`  ${seconds(f.ms).padStart(8)}  ${f.project.padEnd(10)} ${f.file}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
