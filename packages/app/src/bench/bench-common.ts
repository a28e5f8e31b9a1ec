import { createHmac } from 'node:crypto';

/** The partner and project both servers of the benchmark accept. */
export const BENCH_PARTNER = { login: 'bench', password: 'bench-password-0123456789' };
export const BENCH_PROJECT_ID = 1;

export const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');

/** Prints the server's base URL as the first stdout line, for the driver. */
export const announce = (url: string, storage = 'none') => process.stdout.write(`${JSON.stringify({ url, storage })}\n`);
