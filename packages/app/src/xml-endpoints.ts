import type { DocumentHost, RawEndpoint } from '@kassa-payments/http-kit';
import type { HttpDeps } from './http-deps.js';
import {
  InvoiceManagementService,
  MAX_XML_BYTES,
  schemaAnswer,
  SUBSCRIPTION_SCHEMA_PATH,
  SUBSCRIPTION_SERVICE_PATHS,
  subscriptionSchemaAnswer,
  SubscriptionService,
} from '@kassa-payments/adapters-xml';

export const XML_SERVICE_PATH = '/API/XML/InvoiceManagementService.ashx';
export const XML_SCHEMA_PATH = '/API/XML/InvoiceManagementService.xsd';

/**
 * The XML 2.9 service on the API host (with its XSD), and on the PCI host for the operations that
 * carry cards; the subscription service on the subscriptions host, which answers every other path in its XML too.
 */
export function xmlEndpoints(deps: HttpDeps): Record<'api' | 'pci' | 'subs', RawEndpoint[]> & { readonly subsHost: DocumentHost } {
  const { useCases, projects, carriers, paymentPages, clock, logger, mode, maxDriftSeconds, callers } = deps;
  const service = new InvoiceManagementService({
    callers,
    useCases,
    projects,
    carriers,
    paymentPages,
    clock,
    logFailure: (err) => logger.error({ err }, 'XML request failed'),
    mode,
    ...(maxDriftSeconds !== undefined ? { maxDriftSeconds } : {}),
  });
  // A body over the limit is not read further: the service answers it too large, in XML.
  const endpoint = (cardAllowed: boolean): RawEndpoint => ({
    path: XML_SERVICE_PATH,
    contentType: 'text/xml; charset=utf-8',
    limitBytes: MAX_XML_BYTES,
    handle: (r) => service.handle(r, cardAllowed),
    refuse: (_status, message) => service.refusal(message),
  });
  // The XSD merchants validate against (and the end-to-end tests validate every answer with).
  const schema: RawEndpoint = {
    path: XML_SCHEMA_PATH,
    contentType: 'application/xml; charset=utf-8',
    limitBytes: 1024,
    handle: async (r) => schemaAnswer(r.method),
    refuse: (_status, message) => service.refusal(message),
  };
  // The subscription service: one path per method, one service behind them.
  const subscriptions = new SubscriptionService({
    callers,
    useCases,
    projects,
    paymentPages,
    clock,
    mode,
    logFailure: (err) => logger.error({ err }, 'subscription request failed'),
    ...(maxDriftSeconds !== undefined ? { maxDriftSeconds } : {}),
  });
  const subs = Object.entries(SUBSCRIPTION_SERVICE_PATHS).map(
    ([method, path]): RawEndpoint => ({
      path,
      contentType: 'text/xml; charset=utf-8',
      limitBytes: MAX_XML_BYTES,
      handle: (r) => subscriptions.handle(method, r),
      refuse: (status, message) => subscriptions.refusal(message, status),
    }),
  );
  // Its XSD (every method's request and answer, and the notification), refused in the service's XML too.
  const subsSchema: RawEndpoint = {
    path: SUBSCRIPTION_SCHEMA_PATH,
    contentType: 'application/xml; charset=utf-8',
    limitBytes: 1024,
    handle: async (r) => subscriptionSchemaAnswer(r.method),
    refuse: (status, message) => subscriptions.refusal(message, status),
  };
  return {
    api: [endpoint(false), schema],
    pci: [endpoint(true)],
    subs: [...subs, subsSchema],
    subsHost: { contentType: 'text/xml; charset=utf-8', refuse: (status, message) => subscriptions.refusal(message, status) },
  };
}
