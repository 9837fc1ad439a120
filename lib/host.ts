import { DESK_HOST_LABEL } from '@contracts/hosts';

/**
 * What kind of host a request came in on (ARCHITECTURE "Cities and hosts"). Pure: the proxy turns the answer
 * into a rewrite or a redirect.
 *
 * The Host header is the visitor's to write, so it is parsed, never pasted: a host is a DNS name (or an IP)
 * with an optional port, and anything else (`evil.com#x`, `a@b`, spaces, a second port) is `unknown`. Every
 * host this module hands back — for a rewrite header or a redirect — is rebuilt from the configured root,
 * so a redirect can only ever point at the portal's own domain.
 */
export type HostInfo =
  | { kind: 'city'; city: string; host: string }
  /** The agent desk (`desk.{root}`, contracts/hosts.ts): its own app, never a city's pages. */
  | { kind: 'desk'; host: string }
  | { kind: 'www'; host: string }
  | { kind: 'root'; host: string }
  /** A retired domain (spec §8): `newHost` is the same city (or the bare root) on the configured root. */
  | { kind: 'old'; host: string; newHost: string }
  /** Not ours: `host` is the configured root, never what the visitor sent. */
  | { kind: 'unknown'; host: string };

export interface HostSettings {
  rootDomain: string;
  oldDomains: readonly string[];
}

/** A host split into its lower-case name (no trailing dot) and its port, if any. */
export interface HostParts {
  name: string;
  port: string | null;
}

export const CITY_LABEL = /^[a-z][a-z0-9-]{0,30}$/;
const DNS_LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;
const PORT = /^\d{1,5}$/;

/** `name[:port]` → its parts, or null when it is not a host at all. */
export function splitHost(raw: string | null | undefined): HostParts | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 260) return null;
  const value = raw.trim().toLowerCase();
  let name = value;
  let port: string | null = null;
  const colon = value.lastIndexOf(':');
  // An IPv6 literal has colons of its own; its port follows the closing bracket.
  if (colon !== -1 && colon > value.lastIndexOf(']')) {
    name = value.slice(0, colon);
    port = value.slice(colon + 1);
    if (!PORT.test(port) || Number(port) < 1 || Number(port) > 65535) return null;
  }
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (IPV6_LITERAL.test(name)) return { name, port };
  if (name.length === 0 || name.length > 253) return null;
  if (!name.split('.').every((label) => DNS_LABEL.test(label))) return null;
  return { name, port };
}

const join = ({ name, port }: HostParts) => (port ? `${name}:${port}` : name);

/** An old domain written without a port matches it on any port; with one, on that port only. */
function oldDomainPrefix(host: HostParts, old: HostParts): string | null {
  if (old.port && old.port !== host.port) return null;
  if (host.name === old.name) return '';
  if (host.name.endsWith(`.${old.name}`)) return host.name.slice(0, -old.name.length - 1);
  return null;
}

/** True when every host of the portal would count as this old domain (a setting that would redirect in a loop). */
export function oldDomainCoversRoot(oldDomain: string, rootDomain: string): boolean {
  const old = splitHost(oldDomain);
  const root = splitHost(rootDomain);
  return !!old && !!root && oldDomainPrefix(root, old) !== null;
}

export function parseHost(rawHost: string | null | undefined, settings: HostSettings): HostInfo {
  const root = splitHost(settings.rootDomain);
  const rootHost = root ? join(root) : settings.rootDomain;
  const host = splitHost(rawHost);
  if (!host || !root) return { kind: 'unknown', host: rootHost };
  // Old domains first: `yjyz.localhost:3000` is also a sub-domain of the root `localhost:3000`. Settings
  // refuse an old domain that covers the root itself (oldDomainCoversRoot), so this cannot loop.
  for (const raw of settings.oldDomains) {
    const old = splitHost(raw);
    const prefix = old ? oldDomainPrefix(host, old) : null;
    if (prefix === null) continue;
    // Same city on the new root; anything that is not one city label lands on the bare root.
    const newHost = CITY_LABEL.test(prefix) ? `${prefix}.${rootHost}` : rootHost;
    return { kind: 'old', host: join(host), newHost };
  }
  const samePort = host.port === root.port;
  if (samePort && host.name === root.name) return { kind: 'root', host: rootHost };
  if (samePort && host.name === `www.${root.name}`) return { kind: 'www', host: `www.${rootHost}` };
  // Before the cities: `desk` has a city label's shape, and no city may take it.
  if (samePort && host.name === `${DESK_HOST_LABEL}.${root.name}`)
    return { kind: 'desk', host: `${DESK_HOST_LABEL}.${rootHost}` };
  if (samePort && host.name.endsWith(`.${root.name}`)) {
    const label = host.name.slice(0, -root.name.length - 1);
    if (CITY_LABEL.test(label)) return { kind: 'city', city: label, host: `${label}.${rootHost}` };
  }
  return { kind: 'unknown', host: rootHost };
}

/**
 * The public host to build links and redirects on, from a header that may be forged: a city, www, the desk or
 * the bare root of the configured domain, else the bare root.
 */
export function trustedHost(rawHost: string | null | undefined, settings: HostSettings): string {
  const info = parseHost(rawHost, settings);
  return info.kind === 'old' ? info.newHost : info.host;
}

/** `{protocol}://{cityDomain}.{root}` and the desk's host, written once for the web and the backend. */
export { cityOrigin, deskHost, deskOrigin } from '@contracts/hosts';
