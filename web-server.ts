/**
 * The web process: Next.js behind a Node HTTP server of our own (`npm start`, `npm run dev:web --` with
 * `--dev`, the browser tests and the bench all start this file). `next start` gives no say over what
 * reaches Next; here, before it:
 * - lib/request-gate.ts: the client address from TRUSTED_PROXY_HOPS, internal headers stripped, methods and
 *   malformed paths that Next would answer with a 500 answered or re-routed;
 * - lib/backend-forward.ts: backend paths (/yjyz.web.api/, /sso/, /oss/ …) go straight to the backend;
 * - everything else is Next's own request handler, with proxy.ts in front of the pages.
 */
import { createServer } from 'node:http';
import { isBackendPath } from './lib/backend-paths';
import { forwardToBackend } from './lib/backend-forward';
import { parseHost } from './lib/host';
import { gateRequest } from './lib/request-gate';
import { loadSettings } from './lib/settings';

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
const hostname = process.env.HOSTNAME || '0.0.0.0';
const app = next({ dev, dir: import.meta.dirname, hostname, port: settings.port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  const gate = gateRequest({ method: req.method, url: req.url, headers: req.headers, peer: req.socket.remoteAddress }, settings.trustedProxyHops);
  if (gate.kind === 'reject') {
    res.writeHead(gate.status, { ...gate.headers, 'content-length': Buffer.byteLength(gate.body) });
    res.end(req.method === 'HEAD' ? undefined : gate.body);
    return;
  }
  req.url = gate.url;
  for (const name of Object.keys(req.headers)) delete req.headers[name];
  Object.assign(req.headers, gate.headers);
  if (isBackendPath(gate.url)) {
    const info = parseHost(req.headers.host, settings);
    // spec §8: the whole site moved, API calls included (the proxy does the same for pages).
    if (info.kind === 'old') {
      res.writeHead(303, { location: `${settings.protocol}://${info.newHost}${gate.url}` });
      res.end();
      return;
    }
    forwardToBackend(req, res, settings, info.host);
    return;
  }
  void handle(req, res);
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
  console.log(`web listening on http://${hostname}:${settings.port} (root domain ${settings.rootDomain}${dev ? ', development' : ''})`);
});
