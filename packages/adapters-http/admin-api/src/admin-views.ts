import { specTime, type Partner, type Project, type RetiringSecret, type WebhookDelivery } from '@kassa-payments/domain';
import { deliveryView } from '@kassa-payments/http-kit';
import type { AuditEntry } from '@kassa-payments/operations';
import { camelName, snakeKeys } from './admin-names.js';
import type { AuditEntryView, DeliveryView, PartnerView, ProjectView } from './admin-view-schemas.js';
import { projectInput } from './directory-schema.js';

/** What a response or an audit entry shows of a secret: that it is set, never the secret. */
export const SECRET_SET = '[set]' as const;

const secret = (value: string | null) => (value === null ? null : SECRET_SET);
const retiring = (r: RetiringSecret | undefined) => (r ? { value: SECRET_SET, valid_until: specTime(r.validUntil) } : null);

/** A partner as the admin API shows it: its password only as set, and until when the one before still verifies. */
export const partnerView = (p: Partner): PartnerView => ({
  login: p.login,
  password: SECRET_SET,
  test_callback_allowed: p.testCallbackAllowed,
  previous_password: retiring(p.previousPassword),
});

/** A project as the admin API shows it: every field of the seed file (in snake_case), its secrets only as set. */
export function projectView(p: Project): ProjectView {
  const input = projectInput(p);
  return {
    id: input.id,
    partner_login: p.partnerLogin,
    active: input.active,
    client_ip_required: input.clientIpRequired,
    ip_whitelist: input.ipWhitelist,
    default_price: input.defaultPrice,
    return_url: input.returnUrl,
    webhook_url: input.webhookUrl,
    webhook_secret: secret(p.webhookSecret),
    payment_methods: input.paymentMethods,
    subscription_secret: secret(p.subscriptionSecret),
    subscription_notification_url: input.subscriptionNotificationUrl,
    webhook_format: input.webhookFormat,
    subscription_signature: input.subscriptionSignature,
    min_signature_version: input.minSignatureVersion,
    ...(input.widgetOrigins ? { widget_origins: input.widgetOrigins } : {}),
    previous_webhook_secret: retiring(p.previousWebhookSecret),
    previous_subscription_secret: retiring(p.previousSubscriptionSecret),
  };
}

/** A delivery of any project, as the admin API lists it: the JSON v3 view and its project. */
export const adminDeliveryView = (d: WebhookDelivery): DeliveryView => ({ project_id: d.projectId, ...deliveryView(d) });

const SECRET_FIELDS = new Set(['password', 'webhookSecret', 'subscriptionSecret', 'secret', 'previousPassword', 'previousWebhookSecret', 'previousSubscriptionSecret']);

/**
 * A URL as the audit log keeps it: without its query and fragment, where a merchant may put a token,
 * and without the user and password before its host (`https://user:token@host/`, basic auth).
 */
/** A URL without userinfo, query and fragment, by WHATWG parsing (a pattern cut `https://u:p@ss@host` at its first @). */
const withoutQuery = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (!URL.canParse(v)) return v.replace(/[?#].*$/s, '').replace(/^([a-z][a-z0-9+.-]*:\/\/).*@/is, '$1');
  const url = new URL(v);
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return url.href;
};

/**
 * The fields of a change, for the audit log and the request log: every secret replaced by `[set]` (or
 * null when cleared), URLs without their query. A field is known by either of its names (`webhookUrl`,
 * `webhook_url`): a body as sent, whichever names it uses, is masked as a checked change is.
 */
export function auditedChanges(changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes).map(([k, v]) => {
      const own = camelName(k);
      return [k, SECRET_FIELDS.has(own) ? (v === null || v === undefined ? null : SECRET_SET) : own.endsWith('Url') ? withoutQuery(v) : v];
    }),
  );
}

export const auditedPartner = (p: Partner): Record<string, unknown> => auditedChanges({ login: p.login, password: p.password, testCallbackAllowed: p.testCallbackAllowed });
export const auditedProject = (p: Project): Record<string, unknown> => auditedChanges({ ...projectInput(p), partnerLogin: p.partnerLogin });

/** An audit entry as the admin API shows it: whole-second time, the changed fields by their snake_case names (entries of before kept camelCase ones). */
export const auditView = (e: AuditEntry): AuditEntryView => ({ id: e.id, at: specTime(e.at), actor: e.actor, from: e.from, action: e.action, target: e.target, changes: snakeKeys(e.changes) });
