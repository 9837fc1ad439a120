import ipaddr from 'ipaddr.js';

/**
 * The block of addresses one subscriber holds, under which every per-address count is kept by both processes: an
 * IPv4 address itself, an IPv6 address's /64. Providers hand a home or a phone a whole /64 (RFC 6177), so counted
 * per exact address one line could rotate through 2^64 fresh budgets. An IPv4-mapped IPv6 address is its IPv4
 * address. Anything that is no address is its own key (a limit still holds for it).
 */
export function addressBlock(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address;
  const v6 = ipaddr.IPv6.parse(address);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}
