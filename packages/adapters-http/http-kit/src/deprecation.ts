import type { ServerResponse } from 'node:http';
import { DEPRECATED_SINCE } from '@kassa-payments/protocol';

/**
 * An answer to a request that used a deprecated name (a path, a parameter, a body field) says so, as
 * RFC 9745's `Deprecation` header does (since when). Shared by every JSON API, so one date is given.
 */
export function markDeprecated(res: ServerResponse): void {
  res.setHeader('Deprecation', DEPRECATED_SINCE);
}
