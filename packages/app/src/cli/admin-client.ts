import { CliError, EXIT, inClear } from '@kassa-payments/cli';

export { CliError, EXIT };

export interface AdminConnection {
  /** KASSA_ADMIN_URL: the admin listener, default http://127.0.0.1:8090. */
  readonly url: string;
  /** KASSA_ADMIN_TOKEN. */
  readonly token: string | undefined;
}

export const connectionFromEnv = (env: Record<string, string | undefined> = process.env): AdminConnection => ({
  url: env['KASSA_ADMIN_URL'] ?? 'http://127.0.0.1:8090',
  token: env['KASSA_ADMIN_TOKEN'],
});

/**
 * KASSA_ADMIN_URL, if the admin token may be sent to it: over https, or over plain http only to this
 * machine. Over plain http to another, anyone on the way would read the token (which opens every
 * partner, project and secret rotation). A usage mistake, refused before any request.
 */
export function adminUrl(text: string): URL {
  const url = URL.parse(text);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new CliError(`KASSA_ADMIN_URL ${text} is not an https URL (or http to a loopback address)`, EXIT.usage);
  if (inClear(url)) {
    throw new CliError(
      `KASSA_ADMIN_URL ${url.origin} is plain http to another machine: the admin token is not sent in the clear; use https, or http to a loopback address (127.0.0.1, ::1, localhost)`,
      EXIT.usage,
    );
  }
  return url;
}

/** One admin API call, answering its `data`; a refusal or an outage becomes a CliError with its exit code. */
export async function adminCall<T = Record<string, unknown>>(connection: AdminConnection, method: string, path: string, body?: unknown): Promise<T> {
  const base = adminUrl(connection.url);
  let response: Response;
  try {
    response = await fetch(new URL(path, base), {
      method,
      headers: { ...(connection.token ? { authorization: `Bearer ${connection.token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (e) {
    throw new CliError(`cannot reach Kassa's admin listener at ${connection.url} (KASSA_ADMIN_URL): ${(e as Error).message}`, EXIT.unavailable);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CliError(`Kassa answered ${response.status} without JSON`, EXIT.unavailable);
  }
  // The admin API answers in the v3 envelope: a command works on its data.
  if (response.ok) return (json as { data: T }).data;
  const error = (json as { error?: { code?: string; message?: string } }).error;
  throw new CliError(`${response.status} ${error?.code ?? 'ERROR'}: ${error?.message ?? text.slice(0, 200)}`, response.status >= 500 ? EXIT.unavailable : EXIT.refused);
}
