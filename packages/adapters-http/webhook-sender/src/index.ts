// Kassa's webhook delivery over HTTP (undici): the signed sender and where test callbacks may lead.
export { HttpWebhookSender, WEBHOOK_TIMEOUT_MS, type WebhookSenderOptions } from './http-webhook-sender.js';
export {
  CALLBACK_RATE_PER_MINUTE,
  dnsResolver,
  isPublicAddress,
  isPublicCallback,
  PublicNetworkCallbackTargets,
  publicOnlyLookup,
  type HostResolver,
  type RateWindowCount,
} from './callback-targets.js';
export * from './webhook-targets.js';
export { addressRule, networksReachingHostItself, parseNetwork, type AddressRule, type PrivateNetworks } from './private-networks.js';
