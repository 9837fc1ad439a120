import ipaddr from 'ipaddr.js';

/**
 * A list of addresses and CIDR ranges, as a setting writes it (`loopback, 10.0.0.5, 2001:db8::/64`): the proxies
 * whose X-Forwarded-For each process believes (the web's TRUSTED_PROXIES, the backend's BACKEND_TRUSTED_PROXIES).
 * Both read it here, so a range means the same to both. An IPv4-mapped IPv6 address (`::ffff:10.0.0.5`, how a
 * dual-stack socket names an IPv4 peer) is matched as its IPv4 address.
 */
export type AddressRanges = readonly (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[];

/** Names a list may use for a range, as Fastify's `trustProxy` reads them. */
const NAMED_RANGES: Record<string, readonly string[]> = { loopback: ['127.0.0.0/8', '::1/128'] };

/**
 * One entry: an address (a range of one) or a CIDR. IPv4 only in its four-part decimal form: ipaddr.js would also
 * read `10.1` or `0x0a.0.0.1`, which nobody writes on purpose in a list of proxies.
 */
function parseEntry(entry: string): readonly [ipaddr.IPv4 | ipaddr.IPv6, number] | null {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0) return null;
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (!v4 && !ipaddr.IPv6.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  const max = parsed.kind() === 'ipv4' ? 32 : 128;
  if (bits === undefined) return [parsed, max];
  if (!/^\d{1,3}$/.test(bits)) return null;
  let prefix = Number(bits);
  // `::ffff:10.0.0.0/104` is the IPv4 range 10.0.0.0/8 written the IPv6 way.
  if (!v4 && parsed.kind() === 'ipv4') prefix -= 96;
  return prefix >= 0 && prefix <= max ? [parsed, prefix] : null;
}

/** The ranges of a comma list; throws naming the first entry that is none. */
export function parseAddressRanges(list: string): AddressRanges {
  const ranges: (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[] = [];
  for (const raw of list.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const named = NAMED_RANGES[entry.toLowerCase()];
    const parsed = named ? named.map(parseEntry) : [parseEntry(entry)];
    for (const range of parsed) {
      if (!range) throw new Error(`not an address, a CIDR or "loopback": ${entry.slice(0, 60)}`);
      ranges.push(range);
    }
  }
  return ranges;
}

/** True when `address` (as a socket or a proxy writes it) lies in one of the ranges. */
export function inAddressRanges(ranges: AddressRanges, address: string | undefined): boolean {
  if (!address || !(ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address))) return false;
  const parsed = ipaddr.process(address);
  return ranges.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits));
}
