import type { ApiDeps } from '@kassa-payments/json-api';
import type { DashboardSettings } from '@kassa-payments/merchant-dashboard';
import type { PaymentPagesDeps } from '@kassa-payments/payment-pages';

/** What the composition root gives the HTTP delivery apps (each reads its part), with the merchants' dashboard's own settings. */
export interface HttpDeps extends ApiDeps, PaymentPagesDeps {
  /** The merchants' dashboard on the API host (absent: no /dashboard). */
  readonly dashboard?: DashboardSettings;
}
