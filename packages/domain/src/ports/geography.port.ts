/**
 * Where a client address is: the country match of CreateSubscription (a ClientIP sent with a
 * number must be in the number's country). Its own port, apart from the carrier directory: the
 * answer comes from a geolocation database, not from who serves a number.
 */
export interface Geography {
  /**
   * The lowercase ISO 3166-1 alpha-2 country of an IP address (IPv4 or IPv6), or undefined when
   * unknown, malformed included (the check is then skipped). Never rejects for an address.
   */
  countryOfIp(ip: string): Promise<string | undefined>;
}
