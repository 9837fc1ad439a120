import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/**
 * Why the web server swaps the body of Next's 404 pages.
 *
 * A page that calls `notFound()` while it renders (an unknown listing, a backend 4000000 through
 * `rethrowAsPage`) gets status 404 from Next 16 in production, but with an empty error shell for a body:
 * `<html id="__next_error__"><head>…</head><body></body></html>`. Next's error recovery never renders the
 * not-found boundary to HTML (vercel/next.js#62228, still open); the 404 text appears only once the browser
 * has run the page's JavaScript, so crawlers, a browser without JavaScript and `curl` see a blank page. The one
 * 404 Next does render to HTML is its `/_not-found` route, prerendered at build time from app/not-found.tsx
 * (the route unmatched paths and the gate's malformed paths get).
 *
 * So for a page read (GET or HEAD) the server watches the status Next is about to send: a 404 HTML page is
 * sent as the prerendered not-found document instead, with the headers Next had set (the device cookie, the
 * security headers, no-store) and the same status. The browser hydrates it at the URL it asked for, so the
 * countdown and `?redirect=` work as on any other 404 (spec §2 Error pages). Every HTML 404 of the portal is
 * that one page: app/not-found.tsx is the only not-found boundary (a nested not-found.tsx would be
 * replaced by it too). Client navigations are not touched: they ask for the RSC payload (text/x-component),
 * from which the router draws the not-found page itself.
 *
 * A router prefetch that meets a 404 (a `<Link>` in view whose page does not exist, `Next-Router-Prefetch: 1`)
 * is answered with the same status and no body. Next's client drops a prefetch answer that is not ok without
 * reading or cancelling its body (next/dist/client/components/segment-cache/cache.js, fetchPrefetchResponse),
 * and Chromium reports a fetch whose body nobody reads as still loading: every dead link in view kept the page
 * from ever reaching network idle (issue 6 §3). A body of nothing ends the request; the client learns all it
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

/** Headers that describe the body Next was going to send, not the document sent instead. */
const BODY_HEADERS = ['content-encoding', 'content-length', 'content-type', 'etag', 'link', 'transfer-encoding'];

type Callback = (err?: Error | null) => void;

/** A prefetch by Next's client router (a `<Link>` in view), not a navigation. */
export function isRouterPrefetch(headers: IncomingHttpHeaders): boolean {
  return headers['next-router-prefetch'] === '1';
}

/**
 * Installs the swap on one page response, before Next gets it (`routerPrefetch`: the request is one, see
 * isRouterPrefetch). The decision is taken at the first moment
 * anything would reach the socket (headers flushed, a head written, a chunk, the end), from the status and
 * content type Next has set by then. Installed first, these methods sit below anything Next adds later
 * (its gzip middleware wraps `write` and `end`), so a swapped answer is dropped after compression and the
 * document leaves through the original methods, uncompressed, exactly once.
 */
export function sendNotFoundDocumentOn404(
  res: ServerResponse,
  method: string | undefined,
  document: string,
  routerPrefetch = false,
  serverErrorDocument?: string,
): void {
  const original = { flushHeaders: res.flushHeaders, writeHead: res.writeHead, write: res.write, end: res.end };
  /** What is sent instead of Next's answer, decided once: the 404 document, the 500 document, or nothing. */
  let swap: { status: number; document: string } | null | undefined;
  let sent = false;
  const decide = (status = res.statusCode): boolean => {
    if (swap === undefined) {
      const html = /^text\/html\b/i.test(String(res.getHeader('content-type') ?? ''));
      if (status === 404 && (routerPrefetch || html)) swap = { status, document };
      // A page Next could not render (lib/front/server-error-document.ts); a prefetch of one is left as Next sends it.
      else if (status >= 500 && html && !routerPrefetch && serverErrorDocument) swap = { status, document: serverErrorDocument };
      else swap = null;
    }
    return swap !== null;
  };
  const sendDocument = () => {
    if (sent || !swap) return;
    sent = true;
    for (const name of BODY_HEADERS) res.removeHeader(name);
    // A prefetch gets the status alone (see above); a page read gets the document.
    const body = routerPrefetch || method === 'HEAD' ? '' : swap.document;
    if (!routerPrefetch) res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-length', routerPrefetch ? 0 : Buffer.byteLength(swap.document));
    original.writeHead.call(res, swap.status);
    original.end.call(res, body, 'utf8');
  };
  const callbackOf = (...args: unknown[]) => args.find((a): a is Callback => typeof a === 'function');

  res.flushHeaders = function flushHeaders(this: ServerResponse) {
    if (!decide()) original.flushHeaders.call(this);
  };
  res.writeHead = function writeHead(this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    if (decide(args[0])) return this;
    return original.writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
  res.write = function write(this: ServerResponse, ...args: Parameters<ServerResponse['write']>) {
    if (!decide()) return original.write.apply(this, args);
    const callback = callbackOf(...args);
    if (callback) process.nextTick(callback);
    return true;
  } as ServerResponse['write'];
  res.end = function end(this: ServerResponse, ...args: unknown[]) {
    if (!decide()) return original.end.apply(this, args as Parameters<ServerResponse['end']>);
    const callback = callbackOf(...args);
    sendDocument();
    if (callback) res.once('finish', () => callback());
    return this;
  } as ServerResponse['end'];
}
