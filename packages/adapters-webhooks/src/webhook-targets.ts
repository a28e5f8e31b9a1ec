import type { WebhookTargets, WebhookTargetVerdict } from '@kassa-payments/domain';
import { dnsResolver, isPublicCallback, type HostResolver } from './callback-targets.js';

/** The one reason given for any refused endpoint URL: which hosts exist or resolve where is not told. */
export const ENDPOINT_URL_REFUSAL = 'must be an http(s) URL of a public address';

/**
 * Where a merchant's webhook endpoint may lead: the test callback's rule (public unicast addresses
 * only, however written; a name must resolve to public addresses only), unless the operator allows
 * private networks (KASSA_WEBHOOK_PRIVATE_NETWORKS=allow: a developer's own machine). The sender
 * checks the address again when it connects (`HttpWebhookSender`'s `publicOnly`): a name that
 * resolves elsewhere by then (DNS rebinding) is refused there.
 */
export class PublicNetworkWebhookTargets implements WebhookTargets {
  private readonly resolve: HostResolver;

  constructor(private readonly options: { readonly privateNetworks: 'allow' | 'refuse'; readonly resolve?: HostResolver }) {
    this.resolve = options.resolve ?? dnsResolver();
  }

  async admit(url: string): Promise<WebhookTargetVerdict> {
    if (this.options.privateNetworks === 'allow') return { kind: 'ok' };
    return (await isPublicCallback(url, this.resolve)) ? { kind: 'ok' } : { kind: 'rejected', reason: ENDPOINT_URL_REFUSAL };
  }
}
