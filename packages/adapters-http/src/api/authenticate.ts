import type { NextFunction, Request, Response } from 'express';
import { domainError, requestPayload, type DomainError, type Partner, type Project, type SignedOperation } from '@kassa/domain';
import { sendError } from '../shared/envelope.js';
import type { HttpDeps } from '../shared/http-deps.js';
import { expectedSignature, signaturesMatch } from './signature.js';

/** The allowed clock drift between the merchant and Kassa, either way. */
export const MAX_DRIFT_SECONDS = 20 * 60;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;
const INT32_MAX = 2 ** 31 - 1;

/** The authenticated caller, set on `res.locals.auth` for the route handlers. */
export interface AuthContext {
  readonly partner: Partner;
  readonly project: Project;
}

export const authOf = (res: Response): AuthContext => res.locals['auth'] as AuthContext;

const invalidSignature = (why: string) => domainError('AUTH_INVALID_SIGNATURE', `Invalid signature: ${why}`);

/** Parses X-Timestamp strictly; undefined when it is not a real UTC time in the spec's form. */
function parseTimestamp(value: string): number | undefined {
  const m = TIMESTAMP.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // Date.UTC rolls 30 February over into March: a real date gives its own fields back.
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? ms : undefined;
}

/** Normalises an IPv4-mapped IPv6 address ("::ffff:127.0.0.1") to IPv4. */
export const callerIp = (req: Request): string => (req.ip ?? '').replace(/^::ffff:/, '');

/**
 * Authenticates a JSON v3 request: the four headers, the signature (v3, or v4 over the operation's
 * requestPayload) with the partner's password, the 20-minute drift, the project's owner and
 * state, and the caller IP. Answers 401/403 in the envelope; otherwise sets `res.locals.auth`.
 */
export function authenticate(deps: HttpDeps, operation: SignedOperation) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const failure = await check(deps, operation, req, res);
    if (failure) return sendError(res, failure, deps.mode);
    next();
  };
}

async function check(deps: HttpDeps, operation: SignedOperation, req: Request, res: Response): Promise<DomainError | undefined> {
  const login = req.get('X-Login');
  const timestamp = req.get('X-Timestamp');
  const version = req.get('X-Signature-Version');
  const signature = req.get('X-Signature');
  if (!login || !timestamp || !version || !signature) {
    const missing = Object.entries({ 'X-Login': login, 'X-Timestamp': timestamp, 'X-Signature-Version': version, 'X-Signature': signature });
    return invalidSignature(`missing header ${missing.filter(([, v]) => !v).map(([n]) => n).join(', ')}`);
  }
  if (version !== '3' && version !== '4') return invalidSignature(`unsupported signature version ${JSON.stringify(version)}`);
  const partner = await deps.projects.findPartner(login);
  if (!partner) return invalidSignature('unknown login');
  const rawId = req.params['invoiceId'] ?? req.params['contractId'];
  const pathId = typeof rawId === 'string' ? rawId : undefined;
  const merchantOrderId = typeof req.query['merchant_order_id'] === 'string' ? req.query['merchant_order_id'] : undefined;
  const payload = version === '4' ? requestPayload(operation, { body: req.body, ...(pathId ? { pathId } : {}), ...(merchantOrderId !== undefined ? { merchantOrderId } : {}) }) : '';
  if (!signaturesMatch(expectedSignature(partner.password, login, timestamp, version, payload), signature)) {
    return invalidSignature('signature mismatch');
  }
  const at = parseTimestamp(timestamp);
  if (at === undefined) return domainError('AUTH_INVALID_TIMESTAMP', 'X-Timestamp must be UTC time in the form YYYY-MM-DDThh:mm:ssZ');
  if (Math.abs(deps.clock.now().getTime() - at) > MAX_DRIFT_SECONDS * 1000) {
    return domainError('AUTH_INVALID_TIMESTAMP', 'X-Timestamp differs from the server time by more than 20 minutes');
  }
  const rawProjectId = String(req.params['projectId']);
  const projectId = /^[0-9]{1,10}$/.test(rawProjectId) ? Number(rawProjectId) : -1;
  const project = projectId >= 0 && projectId <= INT32_MAX ? await deps.projects.findProject(projectId) : undefined;
  if (!project || project.partnerLogin !== partner.login) return domainError('AUTH_INVALID_PROJECT', 'The project does not belong to this partner');
  if (!project.active) return domainError('AUTH_INVALID_PROJECT', 'The project is inactive');
  if (project.ipWhitelist.length > 0 && !project.ipWhitelist.includes(callerIp(req))) {
    return domainError('AUTH_INVALID_PROJECT', 'The caller IP is not whitelisted for this project');
  }
  res.locals['auth'] = { partner, project } satisfies AuthContext;
  return undefined;
}
