import { KassaClient } from '@kassa-payments/merchant-client';
import type { RequestStreamEntry } from '@kassa-payments/protocol';
import { followStream } from './event-stream.js';
import type { MerchantConnection } from './trigger.js';

/** What `kassa logs tail` was asked for. */
export interface LogsTailOptions {
  /** 4xx, 5xx or a status code. */
  readonly status?: string;
  /** A route prefix (/invoices, or the whole template). */
  readonly path?: string;
  /** One JSON object a line, with the masked bodies. */
  readonly json?: boolean;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly signal?: AbortSignal;
}

/** One call as a line: time, method, route, status, request id, ms. */
export const callLine = (c: RequestStreamEntry): string => `${c.at}  ${c.method} ${c.route}  ${c.status}  ${c.request_id}  ${c.ms} ms`;

/**
 * `kassa logs tail`: the project's signed API calls as they are answered (GET requests/stream), as
 * the dashboard's requests page records them (bodies masked there, never here). Each call once,
 * across reconnections (a call answered while disconnected is not shown: the requests page has it).
 */
export async function logsTail(connection: MerchantConnection, options: LogsTailOptions): Promise<void> {
  const client = new KassaClient({ baseUrl: connection.api, login: connection.login, password: connection.password });
  const seen = new Set<string>();
  await followStream({
    client,
    baseUrl: connection.api,
    path: `/api/v3/projects/${connection.project}/requests/stream`,
    operation: 'streamRequests',
    query: () => ({ ...(options.status ? { status: options.status } : {}), ...(options.path ? { path: options.path } : {}) }),
    resumable: false,
    onNotice: options.err,
    ...(options.signal ? { signal: options.signal } : {}),
    onMessage: (message) => {
      if (message.event === 'ready') return options.err(`tailing the API calls of project ${connection.project} (^C to quit)`);
      if (message.event !== 'request') return;
      const call = JSON.parse(message.data) as RequestStreamEntry;
      if (seen.has(call.id)) return;
      seen.add(call.id);
      if (seen.size > 100_000) seen.delete(seen.values().next().value as string);
      options.out(options.json ? JSON.stringify(call) : callLine(call));
    },
  });
}
