import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONNECTION_LIMITS, type ConnectionLimits, type GuardTime, guardConnections, REAL_TIME } from './connection-guard.js';

/**
 * How long a client may take, on every listener. Node's defaults let a slow client hold a socket
 * for minutes (an incomplete body 300 s, incomplete headers 60 s, each noticed only at the next
 * 30-second check). A merchant's request is a few KB: 10 s for the headers and 30 s for the whole
 * request are generous; an idle keep-alive connection is closed after 5 s (a proxy in front must
 * close its idle upstream connections sooner, e.g. nginx `keepalive_timeout 4s`).
 */
export interface ListenerTimeouts {
  readonly headersMs: number;
  readonly requestMs: number;
  readonly keepAliveMs: number;
  /** How often Node checks the two above. */
  readonly checkEveryMs: number;
}

export const LISTENER_TIMEOUTS: ListenerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, checkEveryMs: 1_000 };

/** `time`: the connection guard's clock and periodic look (see `guardConnections`); real by default. */
export function createListener(timeouts: ListenerTimeouts = LISTENER_TIMEOUTS, limits: ConnectionLimits = CONNECTION_LIMITS, time: GuardTime = REAL_TIME): Server {
  const server = createServer({ headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, keepAliveTimeout: timeouts.keepAliveMs, connectionsCheckingInterval: timeouts.checkEveryMs });
  guardConnections(server, limits, time);
  return server;
}

/**
 * Holds the requests a listener takes before its app is on it (it is bound first: its port names the
 * links the app is built with), then hands them to the app in their order: a client that connects
 * while Kassa starts waits a moment instead of never being answered. Returns what puts the app on.
 */
export function holdUntilServed(server: Server): (app: RequestListener) => void {
  const held: [IncomingMessage, ServerResponse][] = [];
  const hold = (req: IncomingMessage, res: ServerResponse) => void held.push([req, res]);
  server.on('request', hold);
  return (app) => {
    server.off('request', hold);
    server.on('request', app);
    for (const [req, res] of held.splice(0)) app(req, res);
  };
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Stops taking connections, lets running requests finish (5 s at most), then closes. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  });
}
