/**
 * What kind of host a request came in on (ARCHITECTURE "Cities and hosts"). Pure: the proxy turns the answer
 * into a rewrite or a redirect.
 */
export type HostInfo =
  | { kind: 'city'; city: string; host: string }
  | { kind: 'www'; host: string }
  | { kind: 'root'; host: string }
  | { kind: 'old'; host: string; newHost: string }
  | { kind: 'unknown'; host: string };

export interface HostSettings {
  rootDomain: string;
  oldDomains: readonly string[];
}

const cityLabel = /^[a-z][a-z0-9-]{0,30}$/;

export function parseHost(rawHost: string | null | undefined, settings: HostSettings): HostInfo {
  const host = (rawHost ?? '').trim().toLowerCase().replace(/\.$/, '');
  const root = settings.rootDomain.toLowerCase();
  // Old domains first: `yjyz.localhost:3000` also ends with the new root `localhost:3000`.
  for (const old of settings.oldDomains) {
    if (old && host.includes(old)) return { kind: 'old', host, newHost: host.replace(old, root) };
  }
  if (host === root) return { kind: 'root', host };
  if (host === `www.${root}`) return { kind: 'www', host };
  if (host.endsWith(`.${root}`)) {
    const label = host.slice(0, -root.length - 1);
    if (cityLabel.test(label)) return { kind: 'city', city: label, host };
  }
  return { kind: 'unknown', host };
}

/** `{protocol}://{cityDomain}.{root}` */
export function cityOrigin(cityDomain: string, settings: { protocol: string; rootDomain: string }): string {
  return `${settings.protocol}://${cityDomain}.${settings.rootDomain}`;
}
