/**
 * The portal's hosts (ARCHITECTURE "Cities and hosts"), named once for both processes: the web (proxy, city
 * picker, all-cities page, redirects, the front's forwarding) with its PORTAL_PROTOCOL and PORTAL_ROOT_DOMAIN, the
 * backend (footer links, the desk's Origin check) with its own, which must match the web's, as the session cookie's
 * domain already requires. Zod-free: the browser imports it.
 */
export interface OriginSettings {
  protocol: string;
  rootDomain: string;
}

/** Where a city's pages live: `{protocol}://{cityDomain}.{root}`. */
export function cityOrigin(cityDomain: string, settings: OriginSettings): string {
  return `${settings.protocol}://${cityDomain}.${settings.rootDomain}`;
}

/**
 * The agent desk's sub-domain label: `desk.{root}` (`desk.localhost:3000`). The desk stands in for the agents' own
 * app (spec §1: agents cannot log in on the portal), so it has a host of its own and is never a page of a city
 * host. The label is taken before the city labels: no city may use it as its domain.
 */
export const DESK_HOST_LABEL = 'desk';

/** `desk.{root}`: the desk's host, port included (what a browser sends as Host). */
export function deskHost(settings: Pick<OriginSettings, 'rootDomain'>): string {
  return `${DESK_HOST_LABEL}.${settings.rootDomain}`;
}

/** `{protocol}://desk.{root}`: the desk's origin (its pages, its calls, its socket's Origin). */
export function deskOrigin(settings: OriginSettings): string {
  return `${settings.protocol}://${deskHost(settings)}`;
}
