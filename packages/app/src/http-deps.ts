import type { HttpDeps as ListenerAppDeps } from '@kassa/adapters-http';
import type { DashboardSettings } from '@kassa/merchant-dashboard';

/** What the composition root gives the HTTP delivery apps (each reads its part), with the merchants' dashboard's own settings. */
export interface HttpDeps extends ListenerAppDeps {
  /** The merchants' dashboard on the API host (absent: no /dashboard). */
  readonly dashboard?: DashboardSettings;
}
