import type { Request } from 'express';

/** The caller's address (Express's `trust proxy` applied), an IPv4-mapped IPv6 one ("::ffff:127.0.0.1") as IPv4. */
export const callerIp = (req: Request): string => (req.ip ?? '').replace(/^::ffff:/, '');
