/**
 * Files of public/ that are the same on every host: the proxy serves them as they are, never rewritten into a city,
 * and they are never a page Next renders.
 */
export function isPublicFile(pathname: string): boolean {
  return pathname === '/favicon.ico' || pathname === '/robots.txt' || /^\/assets\/[\w./-]+\.[a-z0-9]+$/i.test(pathname);
}

/** Whether a request to the web may make Next render a page: anything but its built files and public/'s. */
export function mayRender(url: string | undefined): boolean {
  const pathname = (url ?? '/').split('?')[0]!;
  return !pathname.startsWith('/_next/') && !isPublicFile(pathname);
}
