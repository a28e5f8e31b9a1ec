import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { sendJson } from '@kassa-payments/http-kit';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The connection's own address (never a header's claim), without the IPv4-mapped prefix. */
export const connectionAddress = (req: Request): string => (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');

/** A loopback caller: the admin listener's own machine. */
export const isLoopback = (ip: string): boolean => ip === '::1' || ip.startsWith('127.');

/** The admin API's refusals, in the envelope every Kassa listener answers in. */
export const adminError = (res: Response, status: number, code: string, message: string): void => sendJson(res, status, { success: false, error: { code, message } });

/**
 * The bearer-token guard: `Authorization: Bearer <KASSA_ADMIN_TOKEN>`, compared in constant time (as
 * SHA-256 digests, so that the length leaks nothing either). `open(req)` lets a request through
 * without it (metrics from loopback).
 */
export function bearerGuard(token: string | undefined, open: (req: Request) => boolean = () => false) {
  const expected = token === undefined ? undefined : digest(token);
  return (req: Request, res: Response, next: NextFunction) => {
    if (open(req)) return next();
    if (!expected) return adminError(res, 403, 'ADMIN_DISABLED', 'The admin API is off: set KASSA_ADMIN_TOKEN to use it');
    const header = req.headers.authorization ?? '';
    const given = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header)?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      res.setHeader('www-authenticate', 'Bearer realm="kassa-admin"');
      return adminError(res, 401, 'ADMIN_UNAUTHORIZED', 'Authorization: Bearer <KASSA_ADMIN_TOKEN> is required');
    }
    next();
  };
}

/** Where an audit entry says a change came from: the connection's address. */
export const auditFrom = (req: Request): string => connectionAddress(req) || 'unknown';
