import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import { pageOf, pageSize, type ListCursor, type Page } from '../../shared/page.js';
import { ok, type Result } from '../../shared/result.js';
import { endpointRefusals, type WebhookEndpoint } from '../webhook-endpoint.js';

/** GET webhook_endpoints: the project's endpoints, newest first, a page at a time. */
export class ListWebhookEndpoints {
  constructor(private readonly ports: Pick<KassaPorts, 'endpoints'>) {}

  async execute(input: { readonly projectId: number; readonly limit?: number; readonly after?: ListCursor }): Promise<Page<WebhookEndpoint>> {
    const limit = pageSize(input.limit);
    const found = await this.ports.endpoints.list(input.projectId, limit + 1, input.after);
    return pageOf(found, limit, (e) => ({ createdAt: e.createdAt, id: e.id }));
  }
}

/** GET webhook_endpoints/{id}: NOT_FOUND for an unknown id or another project's. */
export class GetWebhookEndpoint {
  constructor(private readonly ports: Pick<KassaPorts, 'endpoints'>) {}

  async execute(input: { readonly projectId: number; readonly endpointId: string }): Promise<Result<WebhookEndpoint, DomainError>> {
    const endpoint = await this.ports.endpoints.get(input.projectId, input.endpointId);
    return endpoint ? ok(endpoint) : endpointRefusals.notFound();
  }
}
