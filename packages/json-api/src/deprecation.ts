import type { Response } from 'express';
import { PATHS_DEPRECATED_AT } from '@kassa/protocol';

/** An answer to a deprecated path or parameter name says so, as RFC 9745's `Deprecation` header does (since when). */
export function markDeprecated(res: Response): void {
  res.setHeader('Deprecation', PATHS_DEPRECATED_AT);
}
