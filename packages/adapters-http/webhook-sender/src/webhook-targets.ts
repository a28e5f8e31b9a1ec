import type { WebhookTargets, WebhookTargetVerdict } from '@kassa-payments/domain';
import { dnsResolver, isReachableUrl, type HostResolver } from './callback-targets.js';
import { addressRule, type PrivateNetworks } from './private-networks.js';

/** The one reason given for any refused endpoint URL: which hosts exist or resolve where is not told. */
export const ENDPOINT_URL_REFUSAL = 'must be an http(s) URL of a public address';

/**
 * Where a merchant's webhook endpoint may lead: the test callback's rule (public unicast addresses
 * only, however written; a name must resolve to public addresses only), unless the operator allows
 * private networks (KASSA_WEBHOOK_PRIVATE_NETWORKS: `allow` on a developer's own machine, or the
 * networks an operator lists). The sender checks the address again when it connects
 * (`HttpWebhookSender`'s `reachable`): a name that resolves elsewhere by then (DNS rebinding) is
 * refused there.
 */
export class PublicNetworkWebhookTargets implements WebhookTargets {
  private readonly resolve: HostResolver;
  private readonly rule: ((address: string) => boolean) | undefined;

  constructor(options: { readonly privateNetworks: PrivateNetworks; readonly resolve?: HostResolver }) {
    this.resolve = options.resolve ?? dnsResolver();
    this.rule = addressRule(options.privateNetworks);
  }

  async admit(url: string): Promise<WebhookTargetVerdict> {
    if (!this.rule) return { kind: 'ok' };
    return (await isReachableUrl(url, this.resolve, this.rule)) ? { kind: 'ok' } : { kind: 'rejected', reason: ENDPOINT_URL_REFUSAL };
  }
}
