import fc from 'fast-check';
import type { ListenerName } from '@kassa-payments/app';
import { answerProblems } from './invariants.js';
import { fuzzCases, type FuzzCase } from './requests.js';
import { sendRaw, type RawAnswer } from './raw-http.js';
import type { KnownPayment } from './form-bodies.js';
import { FUZZ_TARGETS, type FuzzTarget } from './targets.js';
import { FUZZ_PARTNER } from './kassa-process.js';

export interface FuzzOptions {
  /** Stop after this many requests... */
  readonly requests: number;
  /** ...or after this many seconds, whichever comes first. */
  readonly seconds: number;
  /** The same seed sends the same requests (but for timestamps and ids the app makes). */
  readonly seed: number;
  readonly concurrency?: number;
  /** Requests between two checks that the process lives and every listener answers /health. */
  readonly batch?: number;
  readonly targets?: readonly FuzzTarget[];
}

export interface FuzzReport {
  readonly seed: number;
  sent: number;
  batches: number;
  readonly byStatus: Record<string, number>;
  readonly byBody: Record<string, number>;
  /** Every broken invariant, with the request that broke it (the first 50). */
  readonly problems: string[];
  /** What the requests carried that no log line may hold. */
  readonly cardNumbers: Set<string>;
  readonly signatures: Set<string>;
  readonly tokens: Set<string>;
  /** Webhook endpoint secrets the answers showed (a creation's, a rotation's: the API's JSON, the dashboard's page). */
  readonly secrets: Set<string>;
}

/** The running app as the fuzzer needs it. */
export interface FuzzSubject {
  readonly urls: Readonly<Record<ListenerName, string>>;
  alive(): boolean;
}

const describeCase = (c: FuzzCase) =>
  `${c.host} ${c.request.method} ${c.request.path.slice(0, 120)} body=${c.body?.kind ?? 'none'}${c.request.noContentLength ? ' (no Content-Length)' : ''} headers=${JSON.stringify(c.request.headers.filter(([n]) => !n.startsWith('X-Sig'))).slice(0, 300)}`;
const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * Sends generated hostile requests to every listener of `subject`, in batches; checks each answer
 * (no 5xx, the error shape of its listener, no stack trace) and, after each batch, that the process
 * is alive and every listener answers /health. The log's invariants are checked by the caller once
 * the process has written everything (`logProblems`).
 */
export async function runFuzz(subject: FuzzSubject, options: FuzzOptions): Promise<FuzzReport> {
  const targets = options.targets ?? FUZZ_TARGETS;
  const byHost = new Map(targets.map((t) => [t.host, t]));
  // Ids the app gave out (201 answers), so that later batches act on real invoices and contracts,
  // and card invoices with their widget tokens, so that page requests open real payments.
  const knownIds: string[] = [];
  const knownPayments: KnownPayment[] = [];
  const report: FuzzReport = { seed: options.seed, sent: 0, batches: 0, byStatus: {}, byBody: {}, problems: [], cardNumbers: new Set(), signatures: new Set(), tokens: new Set(), secrets: new Set() };
  const problem = (text: string) => void (report.problems.length < 50 && report.problems.push(text));
  const until = Date.now() + options.seconds * 1000;
  const batchSize = options.batch ?? 200;

  // The fuzz partner's dashboard session, opened once: signed-in requests reach the pages' own handlers.
  const dashboard = targets.some((t) => t.routes.some((r) => r.dashboard)) && subject.urls.api ? await openDashboardSession(subject.urls.api).catch(() => undefined) : undefined;
  if (dashboard === undefined && targets.some((t) => t.routes.some((r) => r.dashboard))) problem('the fuzz partner could not sign in to the dashboard');

  while (report.sent < options.requests && Date.now() < until && subject.alive()) {
    const known = { ids: knownIds.slice(-200), payments: knownPayments.slice(-50), ...(dashboard ? { dashboard } : {}) };
    const cases = fc.oneof(...targets.map((t) => ({ weight: t.routes.length, arbitrary: fuzzCases(t, known) })));
    const batch = fc.sample(cases, { seed: options.seed + report.batches, numRuns: Math.min(batchSize, options.requests - report.sent) });
    report.batches += 1;
    await pool(batch, options.concurrency ?? 8, async (c) => {
      for (const pan of c.body?.cardNumbers ?? []) report.cardNumbers.add(pan);
      for (const s of c.signatures) report.signatures.add(s);
      if (c.token) report.tokens.add(c.token);
      bump(report.byBody, c.body?.kind ?? 'none');
      let answer: RawAnswer;
      try {
        answer = await sendRaw(subject.urls[c.host], c.request);
      } catch (e) {
        bump(report.byStatus, 'no answer');
        problem(`no answer (${(e as Error).message}): ${describeCase(c)}`);
        return;
      }
      report.sent += 1;
      bump(report.byStatus, String(answer.status));
      if (process.env['KASSA_FUZZ_DEBUG']) bump(report.byBody, `${answer.status} ${/"message":"([^"]{0,40})/.exec(answer.body)?.[1] ?? ''}`);
      const created = /"(?:invoice_id|contract_id|test_clock_id|id)":"([0-9a-f-]{36})"|webhook-endpoints\/([0-9a-f-]{36})/.exec(answer.status === 201 ? answer.body : '');
      const createdId = created?.[1] ?? created?.[2];
      if (createdId) knownIds.push(createdId);
      for (const secret of answer.status < 300 ? (answer.body.match(/whsec_[A-Za-z0-9+/]{20,}=*/g) ?? []) : []) report.secrets.add(secret);
      const payment = /"invoice_id":"([0-9a-f-]{36})".*?"token":"([A-Za-z0-9._-]+)"/.exec(answer.status === 201 ? answer.body : '');
      if (payment?.[1] && payment[2]) {
        knownPayments.push([payment[1], payment[2]]);
        report.tokens.add(payment[2]);
      }
      for (const p of answerProblems(byHost.get(c.host) as FuzzTarget, c, answer)) problem(`${p}: ${describeCase(c)}`);
    });
    if (!subject.alive()) {
      problem(`the process exited during batch ${report.batches}`);
      break;
    }
    for (const [host, url] of Object.entries(subject.urls)) {
      const health = await sendRaw(url, { method: 'GET', path: '/health', headers: [] }).catch((e: Error) => e);
      if (health instanceof Error || health.status !== 200) problem(`${host} /health failed after batch ${report.batches}`);
    }
  }
  return report;
}

/** Signs the fuzz partner in to the dashboard as a browser would: its session cookie and the CSRF token of its forms. */
async function openDashboardSession(api: string): Promise<{ cookie: string; csrf: string }> {
  const form = await sendRaw(api, { method: 'GET', path: '/dashboard/sign-in', headers: [] });
  const signInCookie = (form.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const token = /name="token" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
  const body = new URLSearchParams({ token, login: FUZZ_PARTNER.login, password: FUZZ_PARTNER.password }).toString();
  const signedIn = await sendRaw(api, {
    method: 'POST',
    path: '/dashboard/sign-in',
    headers: [
      ['Cookie', signInCookie],
      ['Content-Type', 'application/x-www-form-urlencoded'],
    ],
    body,
  });
  const cookie = (signedIn.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  if (!cookie.startsWith('kassa_session=')) throw new Error(`sign-in answered ${signedIn.status}`);
  const page = await sendRaw(api, { method: 'GET', path: '/dashboard/projects/1/sandbox', headers: [['Cookie', cookie]] });
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (!csrf) throw new Error(`the sandbox page answered ${page.status} without a form`);
  return { cookie, csrf };
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
