import { isIP } from 'node:net';
import { inAddressRanges, type AddressRanges } from '@contracts/address-ranges';

/** Who may tell us the visitor's address: TRUSTED_PROXY_HOPS and TRUSTED_PROXIES (lib/settings.ts). */
export interface ProxyTrust {
  /** How many proxies stand in front of the web and append to X-Forwarded-For (0: none, the socket is the visitor). */
  hops: number;
  /** The addresses those proxies connect from (loopback by default). */
  proxies: AddressRanges;
}

/**
 * The visitor's address, as Fastify's and Express's `trustProxy` read it: the socket's peer is the nearest hop; each
 * trusted proxy in front of us appended the address it saw to X-Forwarded-For. Walking leftwards from the peer over
 * [...X-Forwarded-For, peer], an entry is believed only when the hop to its right is one of our proxies (its address
 * in `proxies`), and at most `hops` times. So a visitor who reaches the web's port directly, past the proxies, is
 * named by its socket address whatever it writes; and entries further left than the proxies' own were written by
 * the visitor and are never believed. With 0 hops the peer is the client, whatever the request says.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust,
): string | undefined {
  const listed = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...listed, peer ?? ''];
  // Walk leftwards from the peer while the hop is a proxy of ours; stop at the leftmost entry or at one that is no
  // address.
  let index = chain.length - 1;
  for (let step = 0; step < trust.hops && index > 0; step += 1) {
    if (!isProxy(normalise(chain[index] ?? ''), trust.proxies)) break;
    if (!isIP(normalise(chain[index - 1] ?? ''))) break;
    index -= 1;
  }
  const address = normalise(chain[index] ?? '');
  return isIP(address) ? address : undefined;
}

/** True when the socket's peer is one of the proxies `trust` names (its X-Forwarded-* headers are then theirs). */
export function peerIsProxy(peer: string | undefined, trust: ProxyTrust): boolean {
  return trust.hops > 0 && isProxy(normalise(peer ?? ''), trust.proxies);
}

function isProxy(address: string, proxies: AddressRanges): boolean {
  return isIP(address) !== 0 && inAddressRanges(proxies, address);
}

/**
 * `::ffff:1.2.3.4` is the IPv4 visitor 1.2.3.4 on a dual-stack socket. A proxy may write the visitor's port beside
 * the address (`1.2.3.4:5555`, `[2001:db8::1]:443`): the address is what names the visitor, so a proxy that does is
 * not taken for the visitor itself (every visitor would then share one address's limits).
 */
function normalise(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const withPort = /^([\d.]+):\d+$/.exec(address);
  if (withPort && isIP(withPort[1]!) === 4) return withPort[1]!;
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}
