import type { ProjectDirectory } from '../ports/project-directory.port.js';
import { domainError, type DomainError } from '../shared/errors.js';
import type { PaymentCard } from '../shared/payment-card.js';
import { offeredMethods, type PagePaymentMethod } from '../shared/payment-methods.js';

/**
 * Why a payment on the page by `method` is refused, or undefined: a card payment needs the card (the
 * card is always offered); any other method must be one the project offers.
 */
export async function pageMethodRefusal(projects: ProjectDirectory, projectId: number, method: PagePaymentMethod, card: PaymentCard | undefined): Promise<DomainError | undefined> {
  if (method === 'card') return card ? undefined : domainError('INVALID_PAYMENT_METHOD', 'A card payment needs the card');
  const offered = offeredMethods((await projects.findProject(projectId))?.paymentMethods ?? []);
  return offered.includes(method) ? undefined : domainError('INVALID_PAYMENT_METHOD', `The project does not offer ${method}`);
}
