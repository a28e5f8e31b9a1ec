import type { Clock, KassaUseCases, Project, ProjectDirectory } from '@kassa-payments/domain';
import type { ApiCallLog, DashboardSessions } from '@kassa-payments/operations';
import type { ListenerDeps } from '@kassa-payments/http-kit';

/** What the merchants' dashboard needs from the composition root (its listener's are the API host's). */
export interface DashboardDeps extends Pick<ListenerDeps, 'mode' | 'logger'> {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly clock: Clock;
}

/** The dashboard's own ports and keys. */
export interface DashboardSettings {
  readonly sessions: DashboardSessions;
  /** The key of the sign-in throttle's digests of logins and addresses (the same in every API process). */
  readonly throttleKey: string;
  readonly projectsOf: (partnerLogin: string) => Promise<readonly Project[]>;
  /** The projects' recent API calls, recorded by the API host and shown on the requests page. */
  readonly apiCalls: ApiCallLog;
}
