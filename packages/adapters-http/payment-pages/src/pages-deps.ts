import type { Clock, KassaUseCases, ProjectDirectory } from '@kassa-payments/domain';
import type { ListenerDeps } from '@kassa-payments/http-kit';

/** What the payment pages' host needs from the composition root. */
export interface PaymentPagesDeps extends ListenerDeps {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly clock: Clock;
}
