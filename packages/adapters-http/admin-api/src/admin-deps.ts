import type { Clock, IdGenerator, KassaMode, RecoverDeadDeliveries, WebhookDeliveryRepository, WebhookEndpointRepository } from '@kassa-payments/domain';
import type { AuditLog, ProjectAdministration } from '@kassa-payments/operations';
import type { Logger } from 'pino';
import type { HttpObserver } from '@kassa-payments/http-kit';

/** What the admin listener needs from the composition root. */
export interface AdminDeps {
  readonly logger: Logger;
  readonly mode: KassaMode;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The bearer token of the admin API (KASSA_ADMIN_TOKEN); without one the API answers 403 and only health, readiness and metrics serve. */
  readonly token: string | undefined;
  /** This build's version and commit: /health answers them. */
  readonly build: { readonly version: string; readonly commit: string };
  /** Whether /metrics needs the token from a loopback caller too (KASSA_ADMIN_METRICS_AUTH=token); from elsewhere it always does. */
  readonly metricsNeedToken: boolean;
  readonly directory: ProjectAdministration;
  readonly audit: AuditLog;
  readonly deliveries: WebhookDeliveryRepository;
  /** The merchants' webhook endpoints: written again by the reseal. */
  readonly endpoints: Pick<WebhookEndpointRepository, 'rewriteAll'>;
  readonly recoverDeadDeliveries: Pick<RecoverDeadDeliveries, 'execute'>;
  /** Readiness: `ready` false answers 503. */
  readonly ready: () => Promise<{ readonly ready: boolean }>;
  /** The Prometheus exposition. */
  readonly metrics: () => Promise<{ readonly contentType: string; readonly body: string }>;
  readonly observer?: HttpObserver;
}
