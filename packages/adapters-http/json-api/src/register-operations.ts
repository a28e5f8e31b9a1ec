import type { Request, Response } from 'express';
import { markDeprecated, type RouteTable } from '@kassa-payments/http-kit';
import { OPERATIONS, OPERATIONS_PREFIX as PREFIX, type Operation, type SignedOperation } from '@kassa-payments/protocol';

/** A JSON v3 operation's request handler, tagged with the operation it serves (`route` makes them). */
export interface OperationHandler {
  (req: Request, res: Response): Promise<void>;
  readonly operation: SignedOperation;
}

const BY_ID: ReadonlyMap<SignedOperation, Operation> = new Map(OPERATIONS.map((op) => [op.id, op]));

/** An OpenAPI path template (`{name}`) as the route table spells it (`:name`). */
export const routePath = (template: string): string => template.replace(/\{(\w+)\}/g, ':$1');

/** The path `template` names, with the request's own parameters filled in. */
const filled = (template: string, req: Request): string => template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(req.params[name])));

/**
 * A deprecated path's answers carry RFC 9745's `Deprecation` (when it became so) and a `Link` to the
 * path that replaces it (RFC 8594's successor-version).
 */
const formerPath =
  (handler: OperationHandler, successor: string) =>
  (req: Request, res: Response): Promise<void> => {
    markDeprecated(res);
    res.setHeader('Link', `<${filled(PREFIX + successor, req)}>; rel="successor-version"`);
    return handler(req, res);
  };

/**
 * Registers each handler at its operation's method and path, as the operations table (protocol's
 * OPERATIONS, which the OpenAPI document is made of) writes them: a path and its operation id are
 * written once. An operation's former path, if it has one, is served beside it for one minor version.
 */
export function registerOperations(table: RouteTable, ...handlers: OperationHandler[]): RouteTable {
  for (const handler of handlers) {
    const op = BY_ID.get(handler.operation);
    if (!op) throw new Error(`${handler.operation}: not in the operations table`);
    table[op.method](routePath(PREFIX + op.path), handler);
    if (op.deprecatedPath) table[op.method](routePath(PREFIX + op.deprecatedPath), formerPath(handler, op.path));
  }
  return table;
}
