import type { KassaPorts } from '../../ports/kassa-ports.js';
import { CreateWebhookEndpoint } from './create-webhook-endpoint.use-case.js';
import { DeleteWebhookEndpoint } from './delete-webhook-endpoint.use-case.js';
import { RotateWebhookEndpointSecret } from './rotate-webhook-endpoint-secret.use-case.js';
import { UpdateWebhookEndpoint } from './update-webhook-endpoint.use-case.js';
import { GetWebhookEndpoint, ListWebhookEndpoints } from './webhook-endpoint-queries.js';

/** The merchants' webhook endpoint use cases, one class each, wired to one set of ports (the JSON API and the dashboard call them). */
export function webhookEndpointUseCases(ports: KassaPorts) {
  return {
    createWebhookEndpoint: new CreateWebhookEndpoint(ports),
    listWebhookEndpoints: new ListWebhookEndpoints(ports),
    getWebhookEndpoint: new GetWebhookEndpoint(ports),
    updateWebhookEndpoint: new UpdateWebhookEndpoint(ports),
    deleteWebhookEndpoint: new DeleteWebhookEndpoint(ports),
    rotateWebhookEndpointSecret: new RotateWebhookEndpointSecret(ports),
  };
}
