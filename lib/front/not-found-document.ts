import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Why the web server swaps the body of Next's 404 pages.
 *
 * A page that calls `notFound()` while it renders (an unknown listing, a backend 4000000 through
 * `rethrowAsPage`) gets status 404 from Next 16 in production, but with an empty error shell for a body:
 * `<html id="__next_error__"><head>…</head><body></body></html>`. Next's error recovery never renders the
 * not-found boundary to HTML (vercel/next.js#62228, still open); the 404 text appears only once the browser
 * has run the page's JavaScript, so crawlers, a browser without JavaScript and `curl` see a blank page. The one
 * 404 Next does render to HTML is its `/_not-found` route, prerendered at build time from app/global-not-found.tsx
 * (the route unmatched paths and the gate's malformed paths get).
 *
 * So for a page read (GET or HEAD) the page pipeline (./page-pipeline.ts) watches the status Next is about to send: a 404 HTML page is
 * sent as the prerendered not-found document instead, with the headers Next had set (the device cookie, the
 * security headers, no-store) and the same status. The browser hydrates it at the URL it asked for, so the
 * countdown and `?redirect=` work as on any other 404 (spec §2 Error pages). Every HTML 404 of the portal is
 * that one page: app/global-not-found.tsx is the only not-found boundary (a nested not-found.tsx would be
 * replaced by it too). Client navigations are not touched: they ask for the RSC payload (text/x-component),
 * from which the router draws the not-found page itself.
 *
 * A router prefetch that meets a 404 (a `<Link>` in view whose page does not exist, `Next-Router-Prefetch: 1`)
 * is answered with the same status and no body. Next's client drops a prefetch answer that is not ok without
 * reading or cancelling its body (next/dist/client/components/segment-cache/cache.js, fetchPrefetchResponse),
 * and Chromium reports a fetch whose body nobody reads as still loading: every dead link in view kept the page
 * from ever reaching network idle. A body of nothing ends the request; the client learns all it
 * uses, the status.
 */

/** Where `next build` writes the prerendered `/_not-found` page (Next's file-system cache layout). */
export function notFoundDocumentPath(projectDir: string): string {
  return path.join(projectDir, '.next', 'server', 'app', '_not-found.html');
}

/** The prerendered not-found document, or null when there is none (`next dev`, or no build yet). */
export function readNotFoundDocument(projectDir: string): string | null {
  const file = notFoundDocumentPath(projectDir);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** A prefetch by Next's client router (a `<Link>` in view), not a navigation. */
export function isRouterPrefetch(headers: IncomingHttpHeaders): boolean {
  return headers['next-router-prefetch'] === '1';
}
