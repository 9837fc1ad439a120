/**
 * The web process: Next.js behind a Node HTTP server of our own (`npm start`, the browser tests and the bench
 * start this file; `npm run dev:web` starts it with `--dev`). `next start` gives no say over what
 * reaches Next; here, before it:
 * - lib/front/request-gate.ts: the client address (X-Forwarded-For believed from TRUSTED_PROXIES only, over at most
 *   TRUSTED_PROXY_HOPS hops), internal headers stripped, methods and
 *   malformed paths that Next would answer with a 500 answered or re-routed;
 * - lib/front/backend-forward.ts: backend paths (/yjyz.web.api/, /sso/, /oss/ …) go straight to the backend, over
 *   connections shared fairly between client addresses (lib/front/backend-pool.ts);
 * - everything else is a page: lib/front/page-pipeline.ts (front cache, render budget, Next's own request
 *   handler with proxy.ts in front of the pages, the 404 and 500 documents, the answer kept for next time).
 * Every answer, whoever writes it, leaves with the security headers (lib/front/security-headers.ts).
 */
import { createServer, STATUS_CODES } from 'node:http';
import { forwardToBackend, forwardUpgrade, SOCKET_PATHS, socketAllowed } from './lib/front/backend-forward';
import { BackendPool } from './lib/front/backend-pool';
import type { ProxyTrust } from './lib/front/client-ip';
import { SharedAnswers } from './lib/front/shared-answers';
import { parseHost } from './lib/host';
import { readNotFoundDocument } from './lib/front/not-found-document';
import { serverErrorDocument } from './lib/front/server-error-document';
import { securityHeaders } from './lib/front/security-headers';
import { gateRequest } from './lib/front/request-gate';
import { loadSettings } from './lib/settings';
import { FrontCache } from './lib/front/page-cache/front-cache';
import { pageCacheState } from './lib/front/page-cache/state';
import { servePage, type PagePipeline } from './lib/front/page-pipeline';
import { mobileAnswer } from './lib/front/mobile-redirect';
import { RENDER_BUDGET_DEFAULTS, RenderBudget, SharedRenderBudget } from './lib/front/render-budget';

const dev = process.argv.includes('--dev');
// Next reads NODE_ENV when it loads; `next start` and `next dev` set it, a custom server must do so itself.
(process.env as Record<string, string>).NODE_ENV ??= dev ? 'development' : 'production';

let settings;
try {
  settings = loadSettings(process.env);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const { default: next } = await import('next');
// Where we listen: WEB_HOST, loopback unless the deployment says otherwise (docs/deploy.md "The client address"); not
// HOSTNAME, which shells and containers set to the machine's own name.
const hostname = settings.webHost;
// Next's `hostname` is not where we listen: it is the origin of the URLs Next builds for itself, and Next turns a
// redirect or rewrite to that origin into a relative one. So it must be no host a visitor uses (with `localhost`, the
// old domain's 303 to `http://localhost:3000/` left as `/`, a loop) and no 127.x address (NextURL writes those as
// `localhost`, so every rewrite of proxy.ts had another origin and came back as a redirect). `0.0.0.0` is neither.
// Next adds its own 'upgrade' listener to the server it is given (or to the first request's): it would take
// WebSocket upgrades past the gate and leave them hanging. It gets a server that never listens; upgrades are
// answered below: only the chat's live connections, forwarded to the backend.
const app = next({ dev, dir: import.meta.dirname, hostname: '0.0.0.0', port: settings.port, httpServer: createServer() });
const handle = app.getRequestHandler();
await app.prepare();

const headers = securityHeaders(settings, dev);
// Next leaves the body of a 404 from notFound() empty; its prerendered not-found page is sent instead
// (lib/front/not-found-document.ts). `next dev` prerenders nothing.
const notFoundDocument = dev ? null : readNotFoundDocument(import.meta.dirname);
if (!dev && !notFoundDocument)
  console.warn('web: no prerendered not-found page in .next; a 404 from notFound() keeps an empty body');

/** Backend answers the backend marked public (a keystroke's suggestions), kept for their few seconds. */
const sharedAnswers = new SharedAnswers();
/** The connections to the backend, shared between client addresses in turn (lib/front/backend-pool.ts). */
const backendPool = new BackendPool();
/** X-Forwarded-For is believed only from these proxies, over at most these hops (lib/front/client-ip.ts). */
const proxyTrust: ProxyTrust = { hops: settings.trustedProxyHops, proxies: settings.trustedProxies };

/** Everything a page request goes through after the gate, in order: lib/front/page-pipeline.ts. */
const pages: PagePipeline = {
  render: handle,
  // Answers Next marked shareable, written again without entering Next for a few seconds. A quarter of the
  // page cache's budget: it holds only the pages visited in the last seconds.
  frontCache: dev ? null : new FrontCache(pageCacheState().clock, Math.floor(settings.pageCacheBytes / 4)),
  // Made-up addresses are renders nobody can cache ahead: an address that caused too many in a few seconds gets
  // only cached pages until its window ends, so a flood from one address cannot take the thread every visitor's
  // cached page is written from.
  // With REDIS_URL every web process counts in one window per address: N processes allow the budget once, not N times.
  renderBudget: settings.redisUrl
    ? new SharedRenderBudget(
        settings.redisUrl,
        'youju:renders:',
        { ...RENDER_BUDGET_DEFAULTS, perWindow: settings.pageRendersPerAddress },
        undefined,
        settings.renderBudgetRedisMs,
      )
    : new RenderBudget({ ...RENDER_BUDGET_DEFAULTS, perWindow: settings.pageRendersPerAddress }),
  // Next answers a page it could not render (the backend down) with an empty error shell; the 500 document
  // carries the words.
  documents: notFoundDocument ? { notFound: notFoundDocument, serverError: serverErrorDocument() } : null,
};

// Node would answer a request without Host with a bare 400 of its own; the gate does it, with our headers.
// Slow senders (found by a probe): Node's defaults let a client hold a connection 60 s with half its headers,
// and its check runs every 30 s; a page's or API's headers come in one packet, and the largest body (a 5 MB photo,
// which the browser's own upload gives up on after 5 s, spec §9) is far within 30 s.
const SLOW_CLIENT_LIMITS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 2_000 };
const server = createServer({ requireHostHeader: false, ...SLOW_CLIENT_LIMITS }, (req, res) => {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const gate = gateRequest(
    { method: req.method, url: req.url, headers: req.headers, peer: req.socket.remoteAddress },
    proxyTrust,
  );
  if (gate.kind === 'reject') {
    res.writeHead(gate.status, { ...gate.headers, 'content-length': Buffer.byteLength(gate.body) });
    res.end(req.method === 'HEAD' ? undefined : gate.body);
    return;
  }
  req.url = gate.url;
  for (const name of Object.keys(req.headers)) delete req.headers[name];
  Object.assign(req.headers, gate.headers);
  if (gate.backend) {
    const info = parseHost(req.headers.host, settings);
    // spec §8: the whole site moved, API calls included (the proxy does the same for pages).
    if (info.kind === 'old') {
      res.writeHead(303, { location: `${settings.protocol}://${info.newHost}${gate.url}` });
      res.end();
      return;
    }
    void forwardToBackend(req, res, settings, info, { pool: backendPool, shared: sharedAnswers });
    return;
  }
  const host = parseHost(req.headers.host, settings);
  // spec §1: a phone goes to the mobile site's page, before the page cache could serve it ours.
  const mobile = mobileAnswer(req.method, gate.url, req.headers, host, settings);
  if (mobile) {
    res.writeHead(302, {
      location: mobile.location,
      'cache-control': 'private, no-store',
      ...(mobile.kind === 'remember-pc' ? { 'set-cookie': mobile.cookie } : {}),
    });
    res.end();
    return;
  }
  servePage(pages, req, res, host);
});

/** An answer written straight to a socket (no request object exists): status, our headers, a short text. */
function rawAnswer(status: number, text: string): string {
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
  ];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${text}`;
}

// 在线咨询: an upgrade on a chat socket path goes through the same gate as any request, then to the
// backend, which checks the session and Origin. Any other upgrade is refused.
server.on('upgrade', (req, socket, head) => {
  socket.on('error', () => socket.destroy());
  const gate = gateRequest(
    { method: req.method, url: req.url, headers: req.headers, peer: req.socket.remoteAddress },
    proxyTrust,
  );
  const pathname = gate.kind === 'pass' ? gate.url.split('?')[0]! : '';
  const websocket = req.headers.upgrade?.toLowerCase() === 'websocket';
  if (gate.kind !== 'pass' || req.method !== 'GET' || !websocket || !SOCKET_PATHS.includes(pathname)) {
    socket.end(rawAnswer(400, '不支持的协议升级'));
    return;
  }
  const info = parseHost(gate.headers.host, settings);
  if (!socketAllowed(pathname, info.kind)) {
    socket.end(rawAnswer(400, '不支持的协议升级'));
    return;
  }
  req.url = gate.url;
  for (const name of Object.keys(req.headers)) delete req.headers[name];
  Object.assign(req.headers, gate.headers);
  forwardUpgrade(req, socket, head, settings, info, rawAnswer);
});

// What Node's parser refuses before there is a request (a malformed request line, headers over 16 KiB, a
// client too slow to send its headers) gets an answer with our headers too, not Node's bare one.
server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  socket.end(rawAnswer(status, STATUS_CODES[status] ?? 'Bad Request'));
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Keep-alive sockets with a request in flight get a moment, then the process goes.
    setTimeout(() => process.exit(0), 3000).unref();
  });
}

server.listen(settings.port, hostname, () => {
  console.log(
    `web listening on http://${hostname}:${settings.port} (root domain ${settings.rootDomain}${dev ? ', development' : ''})`,
  );
});
