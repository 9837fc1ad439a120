/**
 * Backend path prefixes the browser calls same-origin (ARCHITECTURE diagram). The proxy forwards them at run
 * time rather than through next.config rewrites: those are frozen into the build manifest, and one build
 * must work with any BACKEND_URL. Zod- and Next-free, so the web server and the proxy share it.
 */
export const BACKEND_PREFIXES = ['/yjyz.web.api/', '/sso/', '/oss/', '/common.core.api/', '/common.stats.api/', '/api/'] as const;

export function isBackendPath(pathname: string): boolean {
  return BACKEND_PREFIXES.some((p) => pathname.startsWith(p));
}
