import type { Partner, Project, RetiringSecret } from '@kassa/domain';
import type { AuditEntry } from '@kassa/operations';
import { projectInput } from './directory-schema.js';

/** What a response or an audit entry shows of a secret: that it is set, never the secret. */
export const SECRET_SET = '[set]';

const secret = (value: string | null) => (value === null ? null : SECRET_SET);
const retiring = (r: RetiringSecret | undefined) => (r ? { value: SECRET_SET, valid_until: r.validUntil } : null);

/** A partner as the admin API shows it: its password only as set, and until when the one before still verifies. */
export const partnerView = (p: Partner) => ({
  login: p.login,
  password: SECRET_SET,
  testCallbackAllowed: p.testCallbackAllowed,
  previousPassword: retiring(p.previousPassword),
});

/** A project as the admin API shows it: every field of the seed file, its secrets only as set. */
export const projectView = (p: Project) => ({
  ...projectInput(p),
  partnerLogin: p.partnerLogin,
  webhookSecret: secret(p.webhookSecret),
  subscriptionSecret: secret(p.subscriptionSecret),
  previousWebhookSecret: retiring(p.previousWebhookSecret),
  previousSubscriptionSecret: retiring(p.previousSubscriptionSecret),
});

const SECRET_FIELDS = new Set(['password', 'webhookSecret', 'subscriptionSecret', 'secret', 'previousPassword', 'previousWebhookSecret', 'previousSubscriptionSecret']);

/**
 * A URL as the audit log keeps it: without its query and fragment, where a merchant may put a token,
 * and without the user and password before its host (`https://user:token@host/`, basic auth).
 */
const withoutQuery = (v: unknown) => (typeof v === 'string' ? v.replace(/[?#].*$/s, '').replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1') : v);

/** The fields of a change, for the audit log: every secret replaced by `[set]` (or null when cleared), URLs without their query. */
export function auditedChanges(changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? (v === null || v === undefined ? null : SECRET_SET) : k.endsWith('Url') ? withoutQuery(v) : v]));
}

export const auditedPartner = (p: Partner): Record<string, unknown> => auditedChanges({ login: p.login, password: p.password, testCallbackAllowed: p.testCallbackAllowed });
export const auditedProject = (p: Project): Record<string, unknown> => auditedChanges({ ...projectInput(p), partnerLogin: p.partnerLogin });

export const auditView = (e: AuditEntry) => ({ id: e.id, at: e.at, actor: e.actor, from: e.from, action: e.action, target: e.target, changes: e.changes });
