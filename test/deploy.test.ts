import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSchema, startKassa } from '@kassa-payments/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// yaml is in node_modules through @seriousme/openapi-schema-validator and patch-package (not a direct devDependency yet).
import { parse, stringify } from 'yaml';

/**
 * The monitoring that ships in deploy/ against the app it monitors: the alerting rules pass promtool
 * and their expressions behave as their runbooks say; every metric the rules and the Grafana
 * dashboard query is one the app exports (read from a running Kassa's /metrics); and every alert's
 * runbook link leads to a heading of docs/operations.md.
 */
const path = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));
const RULES = path('deploy/prometheus/kassa-alerts.yml');
const DASHBOARD = path('deploy/grafana/kassa-dashboard.json');
const OPERATIONS = path('docs/operations.md');
/** Grafana's reference to the dashboard's `datasource` variable. */
const DATASOURCE_VARIABLE = `\${datasource}`;

interface Rule {
  readonly alert?: string;
  readonly record?: string;
  readonly expr: string;
  readonly for?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly annotations?: Readonly<Record<string, string>>;
}
interface RulesFile {
  readonly groups: readonly { readonly name: string; readonly rules: readonly Rule[] }[];
}
interface Target {
  readonly expr?: string;
}
interface Panel {
  readonly title?: string;
  readonly type: string;
  readonly targets?: readonly Target[];
  readonly panels?: readonly Panel[];
}
interface Dashboard {
  readonly schemaVersion: number;
  readonly panels: readonly Panel[];
  readonly templating: { readonly list: readonly { readonly name: string; readonly type: string; readonly query?: unknown; readonly definition?: string }[] };
}

const rulesFile: RulesFile = parse(readFileSync(RULES, 'utf8'));
const alerts = rulesFile.groups.flatMap((g) => g.rules).filter((r): r is Rule & { alert: string } => typeof r.alert === 'string');
const dashboard: Dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8'));
/** Every panel, rows' collapsed panels included. */
const allPanels = (panels: readonly Panel[]): Panel[] => panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);
const panelQueries = allPanels(dashboard.panels).flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title ?? p.type, expr: t.expr ?? '' })));

/** promtool with these arguments; a missing promtool fails the test with what to do about it. */
function promtool(args: readonly string[]): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { encoding: 'utf8', timeout: 60_000 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error("promtool is not installed: run scripts/ensure-promtool.sh (it installs Debian's prometheus package), then run this test again");
  }
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** PromQL's words that are not metric names (functions and aggregations are told by the `(` after them). */
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'atan2', 'inf', 'nan', 'start', 'end']);

/**
 * The metric names a PromQL expression selects: with string literals, label matchers ({...}), ranges
 * and subqueries ([...]), grouping label lists (by (...), on (...), ...) and Grafana's variables taken
 * out, every identifier that is not a keyword, not a function or aggregation (followed by `(`), not
 * part of a number or duration (15m), and not `up` (Prometheus's own).
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?[A-Za-z_]\w*\}?/g, ' ');
  const names = [...bare.matchAll(/(?<![\w.:])[A-Za-z_:][\w:]*(?![\w:]|\s*\()/g)].map((m) => m[0]);
  return [...new Set(names.filter((n) => !KEYWORDS.has(n.toLowerCase()) && n !== 'up'))];
}

/** A dashboard expression as Prometheus takes it: Grafana's interval variables a duration, the others a match-all regex. */
const asPromql = (expr: string) => expr.replace(/\$__\w+|\$\{__\w+\}/g, '5m').replace(/\$\{?[A-Za-z_]\w*\}?/g, '.*');

/** A GitHub-style heading anchor: lowercase, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

/** The names a running Kassa exports, from its /metrics `# TYPE` lines; a histogram's and a summary's series names too. */
async function exportedMetrics(): Promise<Set<string>> {
  const config = configSchema.parse({ KASSA_API_PORT: '0', KASSA_PCI_PORT: '0', KASSA_WIDGET_PORT: '0', KASSA_SUBS_PORT: '0', KASSA_ADMIN_PORT: '0', KASSA_LOG_LEVEL: 'silent' });
  const kassa = await startKassa(config);
  try {
    const response = await fetch(`${kassa.urls.admin}/metrics`);
    expect(response.status).toBe(200);
    const names = new Set<string>();
    for (const m of (await response.text()).matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      const [, name = '', type] = m;
      names.add(name);
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
      if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
    }
    return names;
  } finally {
    await kassa.stop();
  }
}

let exported: Set<string>;
let scratch: string;
beforeAll(async () => {
  exported = await exportedMetrics();
  scratch = mkdtempSync(join(tmpdir(), 'kassa-deploy-'));
}, 60_000);
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('deploy/prometheus/kassa-alerts.yml', () => {
  it('passes promtool check rules', () => {
    const run = promtool(['check', 'rules', RULES]);
    expect(run.output).toContain('SUCCESS');
    expect(run.status, run.output).toBe(0);
  });

  it('has the group kassa; every alert has a for, a severity, a summary, a description and a runbook', () => {
    expect(rulesFile.groups.map((g) => g.name)).toEqual(['kassa']);
    expect(alerts.map((a) => a.alert)).toEqual(
      expect.arrayContaining(['KassaTargetDown', 'KassaNotReady', 'KassaHttpErrorsHigh', 'KassaDueWorkLate', 'KassaUnrelayedEventTooOld', 'KassaDeadDeliveriesRising']),
    );
    for (const a of alerts) {
      expect(a.for, a.alert).toMatch(/^\d+[smh]$/);
      expect(['critical', 'warning'], a.alert).toContain(a.labels?.['severity']);
      expect(a.annotations?.['summary'], a.alert).toBeTruthy();
      expect(a.annotations?.['description'], a.alert).toBeTruthy();
      expect(a.annotations?.['runbook'], a.alert).toBe(`docs/operations.md#${a.alert.toLowerCase()}`);
    }
  });

  it('every runbook link leads to a heading of docs/operations.md', () => {
    const anchors = headingAnchors(readFileSync(OPERATIONS, 'utf8'));
    const missing = alerts.map((a) => a.annotations?.['runbook'] ?? '').filter((link) => !anchors.has(link.replace(/^docs\/operations\.md#/, '')));
    expect(missing).toEqual([]);
  });

  it('the alerts select what their runbooks say (promtool test rules on made-up series)', () => {
    const exprOf = (alert: string) => {
      const rule = alerts.find((a) => a.alert === alert);
      if (!rule) throw new Error(`no alert ${alert}`);
      return rule.expr;
    };
    const tests = {
      rule_files: [RULES],
      evaluation_interval: '1m',
      tests: [
        {
          // Two processes report the same shared count of dead deliveries: it rises 0 -> 3 at 21m.
          interval: '1m',
          input_series: [
            { series: 'kassa_webhook_deliveries{state="dead", instance="a:8090", role="api"}', values: '0x20 3x20' },
            { series: 'kassa_webhook_deliveries{state="dead", instance="b:8090", role="worker"}', values: '0x20 3x20' },
          ],
          promql_expr_test: [
            { expr: exprOf('KassaDeadDeliveriesRising'), eval_time: '25m', exp_samples: [{ labels: '{}', value: 3 }] },
            // Unchanged for 15 minutes: quiet again.
            { expr: exprOf('KassaDeadDeliveriesRising'), eval_time: '40m', exp_samples: [] },
          ],
        },
        {
          // Dead deliveries recovered (5 -> 0): not an alert.
          interval: '1m',
          input_series: [{ series: 'kassa_webhook_deliveries{state="dead", instance="a:8090", role="all"}', values: '5x20 0x20' }],
          promql_expr_test: [{ expr: exprOf('KassaDeadDeliveriesRising'), eval_time: '25m', exp_samples: [] }],
        },
        {
          // 1 request in 4 on the api listener answers 500: 25%.
          interval: '1m',
          input_series: [
            { series: 'kassa_http_requests_total{host="api", route="/v1/invoices", method="POST", status="201", role="api"}', values: '0+3x20' },
            { series: 'kassa_http_requests_total{host="api", route="/v1/invoices", method="POST", status="500", role="api"}', values: '0+1x20' },
          ],
          promql_expr_test: [{ expr: exprOf('KassaHttpErrorsHigh'), eval_time: '10m', exp_samples: [{ labels: '{}', value: 0.25 }] }],
        },
        {
          // 5xx only on the admin listener (a 503 from /ready while draining): not counted.
          interval: '1m',
          input_series: [
            { series: 'kassa_http_requests_total{host="api", route="/v1/invoices", method="POST", status="201", role="api"}', values: '0+100x20' },
            { series: 'kassa_http_requests_total{host="admin", route="/ready", method="GET", status="503", role="api"}', values: '0+50x20' },
          ],
          promql_expr_test: [{ expr: exprOf('KassaHttpErrorsHigh'), eval_time: '10m', exp_samples: [] }],
        },
        {
          // The due work: late above 120 s, whatever the number of processes reporting it.
          interval: '1m',
          input_series: [
            { series: 'kassa_oldest_due_work_age_seconds{instance="a:8090", role="worker"}', values: '3 4 200' },
            { series: 'kassa_oldest_due_work_age_seconds{instance="b:8090", role="worker"}', values: '3 4 200' },
            { series: 'kassa_oldest_unrelayed_event_age_seconds{instance="a:8090", role="worker"}', values: '0 30 61' },
          ],
          promql_expr_test: [
            { expr: exprOf('KassaDueWorkLate'), eval_time: '1m', exp_samples: [] },
            { expr: exprOf('KassaDueWorkLate'), eval_time: '2m', exp_samples: [{ labels: '{}', value: 200 }] },
            { expr: exprOf('KassaUnrelayedEventTooOld'), eval_time: '1m', exp_samples: [] },
            { expr: exprOf('KassaUnrelayedEventTooOld'), eval_time: '2m', exp_samples: [{ labels: '{}', value: 61 }] },
          ],
        },
        {
          // One target stops answering its scrape.
          interval: '1m',
          input_series: [
            { series: 'up{job="kassa", instance="a:8090"}', values: '1 1 0' },
            { series: 'up{job="kassa", instance="b:8090"}', values: '1 1 1' },
          ],
          promql_expr_test: [
            { expr: exprOf('KassaTargetDown'), eval_time: '1m', exp_samples: [] },
            { expr: exprOf('KassaTargetDown'), eval_time: '2m', exp_samples: [{ labels: 'up{job="kassa", instance="a:8090"}', value: 0 }] },
          ],
        },
        {
          // A process unready for 3 minutes fires; a drain of a minute does not.
          interval: '1m',
          input_series: [
            { series: 'kassa_ready{instance="a:8090", role="api"}', values: '0 0 0 0 0' },
            { series: 'kassa_ready{instance="b:8090", role="api"}', values: '1 0 1 1 1' },
          ],
          promql_expr_test: [{ expr: exprOf('KassaNotReady'), eval_time: '4m', exp_samples: [{ labels: '{instance="a:8090", role="api"}', value: 0 }] }],
          alert_rule_test: [
            {
              eval_time: '4m',
              alertname: 'KassaNotReady',
              exp_alerts: [
                {
                  exp_labels: { severity: 'critical', instance: 'a:8090', role: 'api' },
                  exp_annotations: {
                    summary: 'Kassa process a:8090 (api) is not ready',
                    description:
                      'a:8090 has answered GET /ready with 503 for 3 minutes: its storage (MongoDB) or Redis does not answer within 1 s, or it is stuck draining. The load balancer sends it no traffic.',
                    runbook: 'docs/operations.md#kassanotready',
                  },
                },
              ],
            },
          ],
        },
        {
          // No Kassa target at all (service discovery finds none): down too.
          interval: '1m',
          input_series: [{ series: 'up{job="other", instance="c:9100"}', values: '1 1 1' }],
          promql_expr_test: [{ expr: exprOf('KassaTargetDown'), eval_time: '2m', exp_samples: [{ labels: '{job="kassa"}', value: 1 }] }],
        },
      ],
    };
    const file = join(scratch, 'kassa-alerts.test.yml');
    writeFileSync(file, stringify(tests));
    const run = promtool(['test', 'rules', file]);
    expect(run.output).toContain('SUCCESS');
    expect(run.status, run.output).toBe(0);
  });
});

describe('deploy/grafana/kassa-dashboard.json', () => {
  it('is a schemaVersion 39 dashboard whose every panel queries the Prometheus data source variable', () => {
    expect(dashboard.schemaVersion).toBe(39);
    expect(dashboard.templating.list.find((v) => v.name === 'datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(panelQueries.length).toBeGreaterThanOrEqual(13);
    const datasources = allPanels(dashboard.panels)
      .filter((p) => p.type !== 'row')
      .map((p) => JSON.stringify((p as { datasource?: unknown }).datasource));
    expect(new Set(datasources)).toEqual(new Set([JSON.stringify({ type: 'prometheus', uid: DATASOURCE_VARIABLE })]));
  });

  it("every panel's query is valid PromQL (promtool check rules on them as recording rules)", () => {
    const rules = { groups: [{ name: 'dashboard', rules: panelQueries.map((q, i) => ({ record: `kassa_dashboard:query_${i}`, expr: asPromql(q.expr) })) }] };
    const file = join(scratch, 'dashboard-queries.yml');
    writeFileSync(file, stringify(rules));
    const run = promtool(['check', 'rules', file]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain(`SUCCESS: ${panelQueries.length} rules found`);
  });
});

describe('the metrics the rules and the dashboard query', () => {
  it('reads metric names out of PromQL (and would catch a made-up one)', () => {
    expect(metricNames('sum by (le, host) (rate(kassa_http_request_duration_seconds_bucket{role=~"$role", host!="admin"}[$__rate_interval]))')).toEqual(['kassa_http_request_duration_seconds_bucket']);
    expect(metricNames('max(kassa_jobs{state="failed"}) - max(kassa_jobs{state="failed"} offset 15m) > 0 or absent(up{job="kassa"})')).toEqual(['kassa_jobs']);
    expect(metricNames('histogram_quantile(0.95, sum(rate(x_seconds_bucket[5m])) by (le)) / on(instance) group_left nodejs_heap_size_used_bytes')).toEqual([
      'x_seconds_bucket',
      'nodejs_heap_size_used_bytes',
    ]);
    expect(exported.has('kassa_made_up_total')).toBe(false);
  });

  it('a running Kassa exports them all', () => {
    expect(exported).toContain('kassa_http_requests_total');
    expect(exported).toContain('kassa_http_request_duration_seconds_bucket');
    expect(exported).toContain('process_resident_memory_bytes');
    const used = [
      ...alerts.map((a) => ({ where: `alert ${a.alert}`, expr: a.expr })),
      ...panelQueries.map((q) => ({ where: `panel ${q.panel}`, expr: q.expr })),
      ...dashboard.templating.list.filter((v) => v.type === 'query').map((v) => ({ where: `variable ${v.name}`, expr: (v.definition ?? '').replace(/^label_values\(\s*([^,)]+).*$/, '$1') })),
    ].flatMap(({ where, expr }) => metricNames(expr).map((name) => ({ where, name })));
    // Every kind of metric the app has is queried somewhere.
    expect(new Set(used.map((u) => u.name)).size).toBeGreaterThanOrEqual(15);
    expect(used.filter((u) => !exported.has(u.name))).toEqual([]);
  });
});
