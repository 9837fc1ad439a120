/**
 * Where a city's pages live: `{protocol}://{cityDomain}.{root}` (ARCHITECTURE "Cities and hosts"). The one
 * place both processes build a city's address from: the web (city picker, all-cities page, redirects) with its
 * PORTAL_PROTOCOL and PORTAL_ROOT_DOMAIN, the backend (footer links) with its own, which must match the web's,
 * as the session cookie's domain already requires. Zod-free: the browser imports it.
 */
export function cityOrigin(cityDomain: string, settings: { protocol: string; rootDomain: string }): string {
  return `${settings.protocol}://${cityDomain}.${settings.rootDomain}`;
}
