import { isIP } from 'node:net';

/**
 * The visitor's address, as Fastify's and Express's `trustProxy: <hops>` read it: the socket's peer is the
 * nearest hop; each trusted proxy in front of us appended the address it saw to X-Forwarded-For, so with
 * `hops` trusted proxies the client is the entry `hops` places from the right of [...X-Forwarded-For, peer].
 * Entries further left were written by the visitor and are never believed. With 0 hops the peer is the
 * client, whatever the request says.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string | undefined {
  const listed = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...listed, peer ?? ''];
  // Walk leftwards from the peer over the trusted hops; stop at the leftmost entry or at one that is no address.
  let index = chain.length - 1;
  for (let step = 0; step < hops && index > 0; step += 1) {
    if (!isIP(normalise(chain[index - 1] ?? ''))) break;
    index -= 1;
  }
  const address = normalise(chain[index] ?? '');
  return isIP(address) ? address : undefined;
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
