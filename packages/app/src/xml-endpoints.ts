import type { HttpDeps, RawEndpoint } from '@kassa/adapters-http';
import { InvoiceManagementService, MAX_XML_BYTES } from '@kassa/adapters-xml';

export const XML_SERVICE_PATH = '/API/XML/InvoiceManagementService.ashx';

/** The XML 2.9 service on the API host, and on the PCI host for the operations that carry cards. */
export function xmlEndpoints(deps: HttpDeps): Record<'api' | 'pci', RawEndpoint[]> {
  const { useCases, projects, carriers, paymentPages, clock, logger } = deps;
  const service = new InvoiceManagementService({ useCases, projects, carriers, paymentPages, clock, logFailure: (err) => logger.error({ err }, 'XML request failed') });
  // A body over the limit is not read further: the service answers it too large, in XML.
  const endpoint = (cardAllowed: boolean): RawEndpoint => ({
    path: XML_SERVICE_PATH,
    contentType: 'text/xml; charset=utf-8',
    limitBytes: MAX_XML_BYTES,
    handle: (r) => service.handle(r, cardAllowed),
    refuse: (_status, message) => service.refusal(message),
  });
  return { api: [endpoint(false)], pci: [endpoint(true)] };
}
