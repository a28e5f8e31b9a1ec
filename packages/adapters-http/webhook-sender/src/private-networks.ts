import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from './callback-targets.js';

/**
 * Which private addresses a notification may lead to (KASSA_WEBHOOK_PRIVATE_NETWORKS): `allow` any,
 * `refuse` none, or only those in the networks listed (CIDR such as `10.20.0.0/16`, or one address).
 * Public unicast addresses are always reachable.
 */
export type PrivateNetworks = 'allow' | 'refuse' | readonly string[];

/** Whether an address (as connected to) may be reached. */
export type AddressRule = (address: string) => boolean;

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** `10.0.0.0/8`, `fd00::/8`, or one address (a /32 or /128); undefined when it is neither. */
export function parseNetwork(text: string): Range | undefined {
  const written = text.trim();
  try {
    if (written.includes('/')) return ipaddr.parseCIDR(written);
    if (isIP(written) === 0) return undefined;
    const address = ipaddr.parse(written);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/** The rule of a setting: undefined for `allow` (every address), public addresses for `refuse`, and the listed networks besides. */
export function addressRule(networks: PrivateNetworks): AddressRule | undefined {
  if (networks === 'allow') return undefined;
  if (networks === 'refuse') return isPublicAddress;
  const ranges = networks.map(parseNetwork).filter((r): r is Range => r !== undefined);
  return (address) => {
    if (isPublicAddress(address)) return true;
    if (!ipaddr.isValid(address)) return false;
    // `::ffff:10.0.0.7` is 10.0.0.7: matched against the IPv4 networks.
    const parsed = ipaddr.process(address);
    return ranges.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits));
  };
}

/** Addresses no merchant's endpoint should reach even where private networks are listed: this host, and a cloud's metadata service. */
const HOST_ITSELF = ['127.0.0.1', '::1', '169.254.169.254', 'fd00:ec2::254'];

/**
 * The listed networks that hold this host's loopback or the link-local metadata address (a /0
 * among them): an operator who lists them lets merchants reach this machine; the start says so.
 */
export function networksReachingHostItself(networks: PrivateNetworks): readonly string[] {
  if (networks === 'allow' || networks === 'refuse') return [];
  return networks.filter((text) => {
    const range = parseNetwork(text);
    if (!range) return false;
    const [network, bits] = range;
    return HOST_ITSELF.some((address) => {
      const parsed = ipaddr.parse(address);
      return parsed.kind() === network.kind() && parsed.match(network, bits);
    });
  });
}
