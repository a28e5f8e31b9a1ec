import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { API_CALLS_KEPT, maskForLog, type ApiCall, type ApiCallLog } from '@kassa-payments/operations';
import { answerOf, maskedBodyOf, type JsonAnswer, type RequestRecord } from '@kassa-payments/http-kit';
/** A response body longer than this is not kept: the page shows its route and status. */
const MAX_CAPTURED = 65_536;
/** Bodies kept for the page, masked, at most this long. */
const MAX_BODY_CHARS = 2_000;
/** Calls are masked and stored a batch at a time, this often (and whenever the page is read). */
const FLUSH_EVERY_MS = 1_000;
/** Calls waiting for their batch at most (a flood's oldest go first: the log keeps the newest anyway). */
const MAX_PENDING = 50_000;

/** A body as the requests page shows it: masked as the logs are (tokens inside URLs too), cut short. */
export function maskedBody(value: unknown): string | undefined {
  return bodyText(value === undefined ? undefined : maskForLog(value));
}

/** A masked body's text, cut short; undefined for none or an empty one. */
function bodyText(masked: unknown): string | undefined {
  if (masked === undefined || (typeof masked === 'object' && masked !== null && Object.keys(masked).length === 0)) return undefined;
  const text = JSON.stringify(masked) ?? '';
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}…` : text;
}

/** A call as the route left it: its request's body as the log line masked it, its answer not yet masked. */
interface Pending extends Omit<ApiCall, 'id' | 'request' | 'response'> {
  readonly maskedRequest: unknown;
  readonly answer: JsonAnswer | undefined;
}

/** An answer's value: the one it was made of, else its text parsed (a replayed answer); undefined when not JSON. */
function answerValue(answer: JsonAnswer | undefined): unknown {
  if (!answer || answer.text.length > MAX_CAPTURED) return undefined;
  if (answer.body !== undefined) return answer.body;
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

/**
 * Records every signed call of a project's JSON v3 API for the dashboard's requests page: method,
 * route template, status, request id, Idempotency-Key, time and masked bodies. Only calls a route
 * authenticated for the project (`route` notes it) are recorded: anyone could send the others for
 * any project. A failed record never fails the call.
 *
 * Off the answer's path: a call is noted as the route left it (its request's parsed body and the
 * answer it was written from, never parsed again), and masked and stored with the others of its
 * second, of which only each project's newest API_CALLS_KEPT are: the log keeps no more. The page
 * reads through `list`, which stores what waits first. With several API processes, another
 * process's calls reach the page within a second.
 */
export class ApiCallRecorder implements ApiCallLog {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly log: ApiCallLog,
    private readonly now: () => Date,
  ) {}

  async record(call: ApiCall): Promise<void> {
    await this.log.record(call);
  }

  async list(projectId: number, since: string, limit: number): Promise<ApiCall[]> {
    await this.flush();
    return this.log.list(projectId, since, limit);
  }

  /** What is stored (never flushes: a tail polling it would undo the batching; what waits comes within FLUSH_EVERY_MS). */
  async after(projectId: number, after: { readonly at: string; readonly id: string }, limit: number): Promise<ApiCall[]> {
    return this.log.after(projectId, after, limit);
  }

  /**
   * Notes an answered call from its record (the listener's `answered`): only a call a route
   * authenticated for a project. Its request body is the one the log line masked (masked once).
   */
  readonly answered = (record: RequestRecord, req: Request, res: Response): void => {
    const { projectId } = record;
    if (projectId === undefined) return;
    const route: unknown = (req.route as { path?: unknown } | undefined)?.path;
    this.note({
      projectId,
      at: this.now().toISOString(),
      method: record.method,
      route: typeof route === 'string' ? route : 'unmatched',
      status: res.statusCode,
      requestId: record.requestId,
      ...(record.idempotencyKey === undefined ? {} : { idempotencyKey: record.idempotencyKey }),
      ms: Math.round(performance.now() - record.started),
      maskedRequest: maskedBodyOf(record, req.body),
      answer: answerOf(res),
    });
  };

  /** Masks and stores what waits: each project's newest API_CALLS_KEPT of it. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    const kept = new Map<number, number>();
    const calls: ApiCall[] = [];
    // Newest first, so that the counts stop at each project's newest; stored oldest first after.
    for (let i = batch.length - 1; i >= 0; i -= 1) {
      const call = batch[i] as Pending;
      const count = kept.get(call.projectId) ?? 0;
      if (count >= API_CALLS_KEPT) continue;
      kept.set(call.projectId, count + 1);
      const { maskedRequest, answer, ...rest } = call;
      const requestText = bodyText(maskedRequest);
      const responseText = maskedBody(answerValue(answer));
      calls.push({ id: randomUUID(), ...rest, ...(requestText ? { request: requestText } : {}), ...(responseText ? { response: responseText } : {}) });
    }
    await Promise.all(calls.reverse().map((call) => this.log.record(call).catch(() => undefined)));
  }

  private note(call: Pending): void {
    if (this.pending.length >= MAX_PENDING) this.pending.shift();
    this.pending.push(call);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush().catch(() => undefined), FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }
}
