import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Project } from '@kassa-payments/domain';
import type { SignedIn } from './dashboard-auth.js';
import type { Frame } from './dashboard-frame.js';

// What the dashboard's route files share: the form reader, the signed-in context and the wrappers
// dashboardRoutes builds (sessions, CSRF, inactive projects), handed to each section's routes.

const parseForm = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });
/**
 * A form's fields, read into `res.locals` and not left on `req.body`: the request log writes a
 * request's body, and a dashboard form is nobody's business there (a password, a token).
 */
export const forms: RequestHandler = (req, res, next) =>
  parseForm(req, res, (err?: unknown) => {
    if (err) return next(err);
    res.locals['form'] = (req.body ?? {}) as Record<string, unknown>;
    req.body = undefined;
    next();
  });
export const formOf = (res: Response): Record<string, unknown> => (res.locals['form'] as Record<string, unknown> | undefined) ?? {};

/** The header a live section's script sends: the answer is the section alone. */
export const FRAGMENT_HEADER = 'x-dashboard-fragment';
export const isFragment = (req: Request): boolean => req.headers[FRAGMENT_HEADER] === '1';

/** A field or query value as text: non-empty and at most `max` long, else undefined. */
export const text = (v: unknown, max = 200): string | undefined => (typeof v === 'string' && v !== '' && v.length <= max ? v : undefined);

/** A project's page: who is signed in, the page's frame, and the project (the partner's own). */
export interface Ctx {
  readonly who: SignedIn;
  readonly frame: Frame;
  readonly project: Project;
}

/** The wrappers a section's routes are built with. */
export interface DashboardTools {
  /** A page of one of the partner's projects (another's is not found). */
  readonly withProject: (section: Frame['section'], handler: (req: Request, res: Response, ctx: Ctx) => Promise<void>) => RequestHandler;
  /** A POST of a signed-in partner with the session's CSRF token, to an active project (else 403). */
  readonly action: (handler: (req: Request, res: Response, ctx: Ctx) => Promise<void>) => RequestHandler;
  /** 303 to a dashboard path, in the request's language. */
  readonly back: (req: Request, res: Response, path: string) => void;
  readonly page: (res: Response, html: string, status?: number) => void;
}
