import { Resolver } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { CallbackTargets, CallbackVerdict } from '@kassa-payments/domain';
import ipaddr from 'ipaddr.js';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Where a partner's `test_info.callback_url` may lead: only to public unicast addresses. Private,
 * loopback, link-local, unique-local, carrier-grade NAT, multicast, reserved and the IPv6 forms that
 * embed an IPv4 address (mapped, compatible, 6to4, Teredo, NAT64) are refused, in every spelling:
 * the URL parser writes `127.1`, `2130706433`, `0x7f000001` and `0177.0.0.1` as 127.0.0.1, and
 * `ipaddr.process` turns `::ffff:7f00:1` back into it. A project's own `webhookUrl` is the
 * operator's and is not restricted.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  // IPv4-compatible IPv6 (::/96, deprecated) is `unicast` to ipaddr.js but routes to an IPv4 address.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return false;
  return parsed.range() === 'unicast';
}

/** The host of an http(s) URL without credentials as the connection will use it (brackets and a final dot dropped), or undefined. */
function hostOf(url: string): string | undefined {
  const parsed = URL.parse(url);
  return parsed?.username || parsed?.password ? undefined : connectHost(url);
}

/** The host an http(s) URL connects to (brackets and a final dot dropped, credentials or not), or undefined. */
export function connectHost(url: string): string | undefined {
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return undefined;
  return parsed.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** Whether a host is a local name (`localhost`, `*.localhost`): loopback, whatever DNS says. */
export const isLocalName = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost');

/** Looks a host up (every address), as the sender's connection will. */
export type HostResolver = (host: string) => Promise<readonly string[]>;

/**
 * DNS through c-ares with a 2-second timeout and two tries: never libuv's thread pool (a name whose
 * server never answers would hold a pool thread, shared with files and crypto, for as long as the
 * system resolver waits), and nothing from /etc/hosts (a local name is no callback target).
 */
export function dnsResolver(timeoutMs = 2_000): HostResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  return async (host) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    return [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
  };
}

/** The one reason given for any refused target: which hosts exist or resolve where is not told. */
export const CALLBACK_REFUSAL = 'test_info.callback_url must be an http(s) URL of a public address';

/** Whether `url` may be called: http(s) without credentials, and every address its host resolves to public. */
export function isPublicCallback(url: string, resolve: HostResolver): Promise<boolean> {
  return isReachableUrl(url, resolve, isPublicAddress);
}

/**
 * Whether `url` may be called under `reachable`: http(s) without credentials, not a local name, and
 * every address its host is written as or resolves to reachable.
 */
export async function isReachableUrl(url: string, resolve: HostResolver, reachable: (address: string) => boolean): Promise<boolean> {
  const host = hostOf(url);
  return host !== undefined && isReachableHost(host, resolve, reachable);
}

/** Whether a host (an address or a name) may be reached under `reachable`: every address it is or resolves to, and not a local name. */
export async function isReachableHost(host: string, resolve: HostResolver, reachable: (address: string) => boolean): Promise<boolean> {
  if (isLocalName(host)) return false;
  if (isIP(host)) return reachable(host);
  const addresses = await resolve(host).catch((): readonly string[] => []);
  return addresses.length > 0 && addresses.every(reachable);
}

/**
 * A `net.connect` lookup that refuses, at the moment of connecting, a host that now resolves to an
 * address that is not public, or not `reachable` (DNS rebinding: the check at creation saw another answer).
 */
export function publicOnlyLookup(resolve: HostResolver, reachable: (address: string) => boolean = isPublicAddress): LookupFunction {
  return (hostname, options, callback) => {
    const answer = (addresses: readonly string[]) => {
      if (addresses.length === 0 || !addresses.every(reachable)) {
        // Which address it resolves to is not said: the message reaches the merchant's delivery log,
        // and would map the private network's names for whoever names them.
        callback(Object.assign(new Error(`${hostname}: not a public address (as it resolves now)`), { code: 'EADDRNOTPUBLIC' }), '', 4);
        return;
      }
      const all = addresses.map((address) => ({ address, family: isIP(address) }));
      if (options.all) (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, all);
      else callback(null, all[0]?.address ?? '', all[0]?.family ?? 4);
    };
    // The callback runs outside the promise: a throw in it must not become an unhandled rejection.
    resolve(hostname).then(
      (addresses) => setImmediate(answer, addresses),
      (err: NodeJS.ErrnoException) => setImmediate(() => callback(err, '', 4)),
    );
  };
}

/** The documented default: 60 invoices with a callback_url per partner per minute. */
export const CALLBACK_RATE_PER_MINUTE = 60;

/**
 * Adds one to `key`'s count in the window that began at `windowStart` (kept until `expiresAt`) and
 * answers the count after it: @kassa-payments/operations' RateWindows, in the storage every API process shares.
 */
export type RateWindowCount = (key: string, windowStart: string, expiresAt: string) => Promise<number>;

/**
 * The test environment's check of `test_info.callback_url` for flagged partners: a partner may name
 * callbacks at most `perMinute` times a minute (counted before any lookup, so the rate bounds the
 * DNS work a partner causes), and the target must be public unless the operator allows private
 * networks (local development). With `count` the minute is a fixed window counted in storage, so
 * several API processes hold the rate together; without it, in this process (an embedder's single one).
 */
export class PublicNetworkCallbackTargets implements CallbackTargets {
  private readonly limiter: RateLimiterMemory;
  private readonly resolve: HostResolver;
  private readonly perMinute: number;

  constructor(
    private readonly options: {
      readonly privateNetworks: 'allow' | 'refuse';
      readonly perMinute?: number;
      readonly resolve?: HostResolver;
      readonly count?: RateWindowCount;
      /** The time of the windows (default the system's). */
      readonly now?: () => Date;
    },
  ) {
    this.perMinute = options.perMinute ?? CALLBACK_RATE_PER_MINUTE;
    this.limiter = new RateLimiterMemory({ points: this.perMinute, duration: 60 });
    this.resolve = options.resolve ?? dnsResolver();
  }

  async admit(partnerLogin: string, url: string): Promise<CallbackVerdict> {
    const refusal = await this.spend(partnerLogin);
    if (refusal) return refusal;
    const allowed = this.options.privateNetworks === 'allow' ? hostOf(url) !== undefined : await isPublicCallback(url, this.resolve);
    return allowed ? { kind: 'ok' } : { kind: 'rejected', reason: CALLBACK_REFUSAL };
  }

  /** Takes one of the partner's callbacks of this minute; the refusal once they are spent. */
  private async spend(partnerLogin: string): Promise<CallbackVerdict | undefined> {
    const { count } = this.options;
    if (count) {
      const now = (this.options.now?.() ?? new Date()).getTime();
      const start = Math.floor(now / 60_000) * 60_000;
      // Kept a window longer than it counts: a slow clock of one process still finds it.
      const counted = await count(`callback\n${partnerLogin}`, new Date(start).toISOString(), new Date(start + 120_000).toISOString());
      return counted > this.perMinute ? { kind: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil((start + 60_000 - now) / 1000)) } : undefined;
    }
    try {
      await this.limiter.consume(partnerLogin);
      return undefined;
    } catch (refusal) {
      // rate-limiter-flexible rejects with its RateLimiterRes (msBeforeNext: when a point comes back);
      // anything else is broken, and thrown.
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { kind: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    }
  }
}
