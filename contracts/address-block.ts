import ipaddr from 'ipaddr.js';

/**
 * The block of addresses one subscriber holds, under which every per-address count is kept by both processes: an
 * IPv4 address itself, an IPv6 address's /64. Providers hand a home or a phone at least a whole /64 (RFC 6177), so
 * counted per exact address one line could rotate through 2^64 fresh budgets. An IPv4-mapped IPv6 address is its
 * IPv4 address. A zone id (`fe80::1%eth0`) names an interface of this machine, not a visitor: it is dropped, or each
 * spelling of one (`…%z.1`, `…%z.2`: Node takes them, ipaddr.js does not) was a budget of its own. Whatever is still
 * no address shares one key, so no text can be a fresh budget.
 */
export function addressBlock(address: string): string {
  const bare = address.split('%')[0]!;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return bare;
  if (!ipaddr.IPv6.isValid(bare)) return NOT_AN_ADDRESS;
  const v6 = ipaddr.IPv6.parse(bare);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/** The one key of everything that is no address. */
export const NOT_AN_ADDRESS = 'not-an-address';
