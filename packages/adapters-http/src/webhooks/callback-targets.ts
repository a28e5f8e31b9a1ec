import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { CallbackTargets, CallbackVerdict } from '@kassa/domain';
import ipaddr from 'ipaddr.js';
import { RateLimiterMemory } from 'rate-limiter-flexible';

/**
 * Where a partner's `test_info.callback_url` may lead: only to public unicast addresses. Private,
 * loopback, link-local, unique-local, carrier-grade NAT, multicast, reserved and the IPv6 forms that
 * embed an IPv4 address (mapped, 6to4, Teredo, NAT64) are refused, in every spelling: the URL parser
 * writes `127.1`, `2130706433`, `0x7f000001` and `0177.0.0.1` as 127.0.0.1, and `ipaddr.process`
 * turns `::ffff:7f00:1` back into it. A project's own `webhookUrl` is the operator's and is not restricted.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of an http(s) URL as the connection will use it (brackets and a final dot dropped), or undefined. */
function hostOf(url: string): string | undefined {
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username || parsed.password) return undefined;
  return parsed.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** Looks a host up (every address), as the sender's connection will. */
export type HostResolver = (host: string) => Promise<readonly string[]>;
const systemResolver: HostResolver = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true }, (err, addresses: LookupAddress[]) => (err ? reject(err) : resolve(addresses.map((a) => a.address)))));

/** Why `url` may not be called: not http(s), credentials in it, a named local host, or an address that is not public. */
export async function callbackRefusal(url: string, resolve: HostResolver = systemResolver): Promise<string | undefined> {
  const host = hostOf(url);
  if (host === undefined) return 'an http(s) URL without credentials is required';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a local host is not allowed';
  if (isIP(host)) return isPublicAddress(host) ? undefined : 'a private, loopback, link-local or unique-local address is not allowed';
  let addresses: readonly string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'the host does not resolve';
  }
  if (addresses.length === 0) return 'the host does not resolve';
  return addresses.every(isPublicAddress) ? undefined : 'the host resolves to a private, loopback, link-local or unique-local address';
}

/**
 * A `net.connect` lookup that refuses, at the moment of connecting, a host that now resolves to an
 * address that is not public (DNS rebinding: the check at creation saw another answer).
 */
export function publicOnlyLookup(resolve: HostResolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => !isPublicAddress(a));
        if (refused !== undefined || addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} resolves to ${refused ?? 'nothing'}: not a public address`), { code: 'EADDRNOTPUBLIC' }), '', 4);
          return;
        }
        const all = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, all);
        else callback(null, all[0]?.address ?? '', all[0]?.family ?? 4);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}

/** The documented default: 60 invoices with a callback_url per partner per minute. */
export const CALLBACK_RATE_PER_MINUTE = 60;

/**
 * The test environment's check of `test_info.callback_url` for flagged partners: the target must
 * be public (unless the operator allows private networks: local development), and a partner may
 * name callbacks at most `perMinute` times a minute (in this process).
 */
export class PublicNetworkCallbackTargets implements CallbackTargets {
  private readonly limiter: RateLimiterMemory;

  constructor(private readonly options: { readonly privateNetworks: 'allow' | 'refuse'; readonly perMinute?: number; readonly resolve?: HostResolver } = { privateNetworks: 'refuse' }) {
    this.limiter = new RateLimiterMemory({ points: options.perMinute ?? CALLBACK_RATE_PER_MINUTE, duration: 60 });
  }

  async admit(partnerLogin: string, url: string): Promise<CallbackVerdict> {
    const refusal =
      this.options.privateNetworks === 'refuse' ? await callbackRefusal(url, this.options.resolve) : hostOf(url) === undefined ? 'an http(s) URL without credentials is required' : undefined;
    if (refusal) return { kind: 'rejected', reason: refusal };
    try {
      await this.limiter.consume(partnerLogin);
    } catch {
      return { kind: 'rate_limited' };
    }
    return { kind: 'ok' };
  }
}
