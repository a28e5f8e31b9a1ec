import type { RequestContext } from '@kassa-payments/domain';
import { requestContextOf } from './request-record.js';
import express, { type Express, type Request, type Response } from 'express';
import { callerIp } from './caller-ip.js';
import type { DocumentOutcome } from './http-observer.js';

/** A request to a document endpoint: the body's bytes exactly as received (signatures cover them), or why they could not be read. */
export interface RawRequest {
  readonly method: string;
  readonly body: Buffer | undefined;
  readonly problem?: 'too_large' | 'unreadable';
  readonly contentType: string | undefined;
  readonly callerIp: string;
  /** The request's context (its id, for the events its command records). */
  readonly context?: RequestContext;
}

export interface RawAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Which operation answered, and its result code (for the metrics). */
  readonly outcome?: DocumentOutcome;
}

/**
 * An endpoint that speaks a document format of its own (the XML 2.9 service): it is handed the body
 * as bytes and answers every request itself, errors included, so that no JSON envelope or HTML ever
 * reaches its clients. Mounted before the JSON body parser.
 */
export interface RawEndpoint {
  readonly path: string;
  readonly contentType: string;
  readonly limitBytes: number;
  handle(request: RawRequest): Promise<RawAnswer>;
  /** The body of an answer given below the endpoint: a request Node's HTTP parser refused. */
  refuse(status: number, message: string): string;
}

/**
 * A path that answers in a format of its own even when Node's HTTP parser refuses the request (XML,
 * or a page): how its refused requests are answered; `prefix`: every path below `path` too (the dashboard's pages).
 */
export type DocumentRefusal = Pick<RawEndpoint, 'path' | 'contentType' | 'refuse'> & { readonly prefix?: true };

/** A request target's path as the routers match it: without its query, in lower case, a trailing slash ignored (Express's and the route table's rules). */
export function routedPath(target: string | undefined): string | undefined {
  const path = target?.split('?')[0]?.toLowerCase();
  return path !== undefined && path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The endpoint a raw request line (`POST /path?q HTTP/1.1`) is addressed to, if any (paths match in any case, as Express's do). */
export function endpointOf<E extends DocumentRefusal>(endpoints: readonly E[], target: string | undefined): E | undefined {
  const path = routedPath(target);
  return path === undefined ? undefined : endpoints.find((e) => e.path.toLowerCase() === path || (e.prefix === true && path.startsWith(e.path.toLowerCase())));
}

/**
 * Mounts `endpoint` on `app` for every method (it answers the wrong ones itself): the body read as
 * bytes up to its limit (the endpoint decodes them), never kept for the request log.
 */
export function mountRawEndpoint(app: Express, endpoint: RawEndpoint, traceparent?: () => string | undefined): void {
  const read = express.raw({ type: () => true, limit: endpoint.limitBytes });
  app.all(endpoint.path, (req: Request, res: Response) => {
    read(req, res, (err?: unknown) => {
      const status = (err as { status?: unknown } | undefined)?.status;
      const problem = err ? (status === 413 ? 'too_large' : 'unreadable') : undefined;
      const body = Buffer.isBuffer(req.body) ? req.body : err ? undefined : Buffer.alloc(0);
      // The document holds PINs, signatures and card numbers: the request log never sees it.
      req.body = undefined;
      const contentType = req.headers['content-type'];
      endpoint.handle({ method: req.method, body, ...(problem ? { problem } : {}), contentType, callerIp: callerIp(req), context: requestContextOf(res, traceparent) }).then(
        (answer) => {
          res.status(answer.status).set({ 'content-type': endpoint.contentType, ...answer.headers });
          if (answer.outcome) res.locals['document'] = answer.outcome;
          // A body that could not be read may still be arriving: the connection is not reused.
          if (problem) res.set('connection', 'close');
          res.end(answer.body);
        },
        () => res.status(503).set({ 'content-type': endpoint.contentType, 'retry-after': '1' }).end(''),
      );
    });
  });
}
