import 'server-only';
/**
 * `generateStaticParams` for every dynamic segment of a city's public pages (one render, cached, for everyone): nothing is built ahead,
 * every page is rendered on its first visit and then served from the page cache (app/(desktop)/[city]/layout.tsx sets
 * how long). Without it a route with an id or a filter path would be rendered on every request.
 */
export function generateStaticParams(): never[] {
  return [];
}
