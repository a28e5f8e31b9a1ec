import { describe, expect, it } from 'vitest';
import { addressRule, networksReachingHostItself, parseNetwork } from './private-networks.js';

describe('KASSA_WEBHOOK_PRIVATE_NETWORKS as address rules', () => {
  it('allow: every address (no rule); refuse: public addresses only', () => {
    expect(addressRule('allow')).toBeUndefined();
    const refuse = addressRule('refuse');
    expect(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'].map((a) => refuse?.(a))).toEqual([true, true]);
    expect(['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'fd00::1', '169.254.169.254'].map((a) => refuse?.(a))).toEqual([false, false, false, false, false, false]);
  });

  it('a list: public addresses and the listed networks, IPv4 in its IPv6-mapped spelling too; nothing else private', () => {
    const rule = addressRule(['10.20.0.0/16', '192.168.1.7', 'fd00::/8']);
    expect(['93.184.216.34', '10.20.3.4', '::ffff:10.20.3.4', '192.168.1.7', 'fd00::5'].map((a) => rule?.(a))).toEqual([true, true, true, true, true]);
    expect(['10.21.0.1', '192.168.1.8', '127.0.0.1', '::1', '169.254.169.254', 'not an address'].map((a) => rule?.(a))).toEqual([false, false, false, false, false, false]);
  });

  it('networks are CIDR or single addresses; anything else is not one', () => {
    expect(parseNetwork('10.0.0.0/8')?.[1]).toBe(8);
    expect(parseNetwork(' 192.168.1.7 ')?.[1]).toBe(32);
    expect(parseNetwork('fd00::1')?.[1]).toBe(128);
    for (const bad of ['10.0.0.0/33', 'example.com', '', '10.0.0.0/', '300.1.1.1']) expect(parseNetwork(bad), bad).toBeUndefined();
  });

  it("the listed networks that hold this host's loopback or the metadata address are named (a /0 among them); others not", () => {
    expect(networksReachingHostItself(['10.0.0.0/8', '127.0.0.0/8', '0.0.0.0/0', '::/0', '169.254.0.0/16', 'fd00::/8'])).toEqual(['127.0.0.0/8', '0.0.0.0/0', '::/0', '169.254.0.0/16', 'fd00::/8']);
    expect(networksReachingHostItself('allow')).toEqual([]);
    expect(networksReachingHostItself(['10.20.0.0/16'])).toEqual([]);
  });
});
