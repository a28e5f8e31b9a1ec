import { isIPv4 } from 'node:net';

/**
 * The one rule of every `kassa` command that sends a credential (the admin token, a merchant's
 * signature and login, a subscription request's signature): over https to anywhere, over plain http
 * only to this machine. Over plain http to another, anyone on the way reads it, and a signature
 * read there is replayed within its window.
 */

/** A host name of this machine's own (loopback): 127.0.0.0/8, ::1 or localhost, as a URL writes it (`127.evil.example` is a name, not an address). */
export const loopback = (hostname: string): boolean => hostname === 'localhost' || hostname === '[::1]' || (isIPv4(hostname) && hostname.startsWith('127.'));

/** Whether a credential sent to `url` would cross the network in the clear: plain http to a host that is not this machine. */
export const inClear = (url: URL): boolean => url.protocol === 'http:' && !loopback(url.hostname);
