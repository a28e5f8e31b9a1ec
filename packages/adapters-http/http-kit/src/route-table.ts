import type { Express, NextFunction, Request, Response } from 'express';
import FindMyWay from 'find-my-way';

/** An Express request handler: a rejected promise reaches Express's error handling, as with `app.get`. */
export type RouteHandler = (req: Request, res: Response, next: NextFunction) => unknown;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route as registered: its method and its path template (`/api/v3/projects/:projectId/invoices`). */
export interface RouteEntry {
  readonly method: Method;
  readonly path: string;
}

interface Stored {
  readonly handler: RouteHandler;
  /** What `req.route.path` says (the metrics' and the traces' route label). */
  readonly route: { readonly path: string };
}

/** The paths of one chain, as `router.route(path)` gives them. */
export interface RouteChain {
  get(handler: RouteHandler): RouteChain;
  post(handler: RouteHandler): RouteChain;
  put(handler: RouteHandler): RouteChain;
  patch(handler: RouteHandler): RouteChain;
  delete(handler: RouteHandler): RouteChain;
}

const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const tables = new WeakMap<Express, RouteTable[]>();
const noop = () => undefined;

/**
 * A listener's routes, compiled once into a radix tree (find-my-way, Fastify's router) and served
 * by one Express handler: a request is matched in one lookup, not by trying every route's regular
 * expression in order as Express's own router does. Express stays the server; the table is one
 * layer of its stack. Paths match as Express 5 matches them: case-insensitive, a trailing slash
 * ignored, parameters decoded and never empty (`/invoices//` is no route); a GET route answers HEAD.
 * Anything the table does not know goes on to the layers after it (the 405, the 404).
 */
export class RouteTable {
  // Parameters as long as Express takes them (find-my-way's default of 100 would turn a long id into a 404).
  private readonly tree = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 16 * 1024 });
  private readonly entries: RouteEntry[] = [];

  get(path: string, handler: RouteHandler): this {
    return this.on('GET', path, handler);
  }
  post(path: string, handler: RouteHandler): this {
    return this.on('POST', path, handler);
  }
  put(path: string, handler: RouteHandler): this {
    return this.on('PUT', path, handler);
  }
  patch(path: string, handler: RouteHandler): this {
    return this.on('PATCH', path, handler);
  }
  delete(path: string, handler: RouteHandler): this {
    return this.on('DELETE', path, handler);
  }

  /** Several methods on one path, as Express's `router.route(path)`. */
  route(path: string): RouteChain {
    const chain = (method: Method) => (handler: RouteHandler) => {
      this.on(method, path, handler);
      return routeChain;
    };
    const routeChain: RouteChain = { get: chain('GET'), post: chain('POST'), put: chain('PUT'), patch: chain('PATCH'), delete: chain('DELETE') };
    return routeChain;
  }

  /** Every route, in the order registered (the OpenAPI document's test compares them). */
  routes(): readonly RouteEntry[] {
    return this.entries;
  }

  /** The methods served at `path` (GET brings HEAD); none for a path no route knows. */
  allowed(path: string): string[] {
    const methods = METHODS.filter((m) => this.match(m, path) !== undefined);
    return methods.includes('GET') ? [...methods, 'HEAD'] : methods;
  }

  /** Adds the table to `app`'s stack at this point (after the handlers already there). */
  mount(app: Express): void {
    this.servedBy(app);
    app.use(this.dispatch);
  }

  /** Tells `app`'s 405 of the table, which `app` serves in a layer of its own making (baseApp's chain). */
  servedBy(app: Express): void {
    tables.set(app, [...(tables.get(app) ?? []), this]);
  }

  /** The one Express handler: the matched route's, with `req.params` and `req.route` set as Express sets them. */
  readonly dispatch = (req: Request, res: Response, next: NextFunction): void => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const found = this.match(method, req.url);
    if (found === undefined) {
      next(this.malformed(method, req.url) ? malformedPath() : undefined);
      return;
    }
    req.params = found.params;
    (req as { route?: unknown }).route = found.stored.route;
    try {
      const answered = found.stored.handler(req, res, next);
      if (answered instanceof Promise) answered.catch(next);
    } catch (err) {
      next(err);
    }
  };

  /**
   * Whether `url` would be a route's but for a malformed percent-encoding in a parameter (the tree
   * finds no route for it): Express answers that 400, and so does the table.
   */
  private malformed(method: string, url: string): boolean {
    if (!url.includes('%')) return false;
    const path = url.split('?', 1)[0] ?? url;
    try {
      decodeURIComponent(path);
      return false;
    } catch {
      return this.match(method, path.replaceAll('%', '_')) !== undefined;
    }
  }

  private on(method: Method, path: string, handler: RouteHandler): this {
    this.tree.on(method, path, noop, { handler, route: { path } } satisfies Stored);
    this.entries.push({ method, path });
    return this;
  }

  private match(method: string, url: string): { stored: Stored; params: Record<string, string> } | undefined {
    const found = this.tree.find(method as Method, url);
    if (!found) return undefined;
    const params: Record<string, string> = {};
    for (const key in found.params) {
      const value = found.params[key];
      // Express never matches a parameter to nothing; neither does the table.
      if (value === undefined || value === '') return undefined;
      params[key] = value;
    }
    return { stored: found.store as Stored, params };
  }
}

/** The error Express's router raises for a parameter it cannot decode: the error handler answers it 400. */
const malformedPath = () => Object.assign(new URIError('Failed to decode a path parameter'), { status: 400 });

/** The route tables mounted on `app` (its 405 asks them which methods a path takes). */
export const routeTablesOf = (app: Express): readonly RouteTable[] => tables.get(app) ?? [];
