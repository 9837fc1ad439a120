import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { failure, ResultCode } from '@contracts/envelope';
import { API_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '@contracts/constants';
import { ApiPath, DESK_COOKIE, DEVICE_COOKIE, OSS_POST_PATH, OSS_PUBLIC } from '@contracts/paths';
import type { Duplex } from 'node:stream';
import { API_TIMEOUT_MS } from '../api/core';
import { deviceSetCookie, newDeviceCode } from '../device-cookie';
import type { BackendPool } from './backend-pool';
import { sharedSeconds, type SharedAnswers } from './shared-answers';
import type { HostInfo } from '../host';
import type { WebSettings } from '../settings';

/**
 * Backend paths the browser calls same-origin (lib/front/backend-paths.ts) are forwarded by the web server itself,
 * before Next.js: through Next they cost a middleware run each, and Next's external rewrite queued them
 * under load (94 of 3,154 suggestion calls took over 10 s at 64 connections while the backend
 * answered in 85 ms at most), broke with EPIPE when the backend refused a large body, and told every
 * visitor the backend's internal address in `x-middleware-rewrite`.
 *
 * The body is read whole (within API_BODY_LIMIT) before the backend is called, and sent with its own
 * Content-Length. Never streamed as it came: a body on a GET, sent unframed on a pooled keep-alive
 * socket, was read by the backend as a second request of the attacker's making — with a client address of
 * their choosing, and with its answer handed to the next visitor on that socket (found by an attacker
 * probe). A slow sender also holds nothing of the backend's this way.
 */

/** Connection-level headers (RFC 9110 §7.6.1): they describe one hop and are never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
  'expect',
]);

/** An upgraded connection belongs to its WebSocket from then on: never the pool's. */
const upgradeAgent = new http.Agent({ keepAlive: false });

export const BODY_TOO_LARGE = `请求体不能超过${API_BODY_LIMIT / 1024 / 1024}MB`;
const BODY_TOO_SLOW = '请求超时';
const BACKEND_UNREACHABLE = '网络繁忙，请稍后再试';
const TOO_MANY_CALLS = '请求过于频繁，请稍后再试';

/** Our own answer (the security headers are already on `res`, web-server.ts). */
function sendEnvelope(
  res: ServerResponse,
  status: number,
  message: string,
  code: number = status,
  headers: http.OutgoingHttpHeaders = {},
): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(failure(code, message));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/**
 * What is left of a refused body is read and dropped rather than the socket closed under the sender:
 * closing with unread data makes TCP reset the connection, and the client then often loses the answer too
 * (the EPIPE behind an intermittent 500). Past DISCARD_LIMIT the sender is not worth waiting for.
 */
const DISCARD_LIMIT = 32 * 1024 * 1024;
function discardRest(req: IncomingMessage): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) req.destroy();
  });
  req.resume();
}

type BodyResult = { kind: 'body'; body: Buffer } | { kind: 'too-large' } | { kind: 'too-slow' } | { kind: 'gone' };

/**
 * API_BODY_LIMIT, except for a PostObject form to the local OSS host (contracts/upload.ts) and the agent desk's
 * image (ApiPath.deskImage): a photo of up to 5 MB. The backend limits those routes' multipart bodies alone the
 * same way.
 */
export function bodyLimitOf(method: string | undefined, url: string | undefined): number {
  const pathname = (url ?? '').split('?')[0];
  return method === 'POST' && (pathname === OSS_POST_PATH || pathname === ApiPath.deskImage) ? UPLOAD_BODY_LIMIT : API_BODY_LIMIT;
}

/** The host a request came in on, as parseHost tells it: its kind decides what it may reach, `host` is public. */
export type ForwardHost = Pick<HostInfo, 'kind' | 'host'>;

/** The agent desk's backend paths (modules/im/desk.ts): its calls, its images and its socket, all under /api/desk. */
const DESK_PREFIX = ApiPath.deskLogin.replace(/\/login$/, '');
export const isDeskPath = (pathname: string) => pathname === DESK_PREFIX || pathname.startsWith(`${DESK_PREFIX}/`);

/**
 * The desk is the agents' own app on its own host (lib/proxy/desk.ts), the portal is the users': each reaches only
 * its own backend paths. The desk's paths answer from the desk host alone; the desk host reaches nothing else but
 * the reading of public objects (`GET /oss/<key>`: the listing covers, avatars and agent photos the desk shows,
 * forwarded without the portal's cookies, so as a visitor sees them). What is refused is a 404, as for a path the
 * backend does not have.
 */
export function backendPathAllowed(method: string | undefined, pathname: string, kind: HostInfo['kind']): boolean {
  // As the backend's router reads it, %-escapes decoded: `/api/%64esk/me` is a desk path too.
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: the backend answers them with its 400, whatever the host.
  }
  const desk = isDeskPath(path) || isDeskPath(pathname);
  if (kind === 'desk') return desk || ((method === 'GET' || method === 'HEAD') && path.startsWith('/oss/'));
  return !desk;
}

/**
 * The cookies a host's request takes to the backend. The portal's session and device cookies are set on the root
 * domain where the root has a dot (`Domain=youju.com`), so a browser sends them to `desk.youju.com` too: from the
 * desk host only the desk cookie goes on. And the desk cookie (host-only, Path /api/desk) never goes on from a portal
 * host, whoever wrote it into the header.
 */
export function cookiesFor(kind: HostInfo['kind'], header: string | undefined): string | undefined {
  if (!header) return undefined;
  const kept = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && (pair.split('=', 1)[0]!.trim() === DESK_COOKIE) === (kind === 'desk'));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** The whole request body, unless it is over the limit or does not arrive within the request timeout. */
function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish({ kind: 'too-large' });
      else chunks.push(chunk);
    };
    const onEnd = () => finish({ kind: 'body', body: Buffer.concat(chunks, size) });
    const onError = () => finish({ kind: 'gone' });
    const finish = (result: BodyResult) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError);
      resolve(result);
    };
    const timer = setTimeout(() => finish({ kind: 'too-slow' }), API_TIMEOUT_MS);
    req.on('data', onData).once('end', onEnd).once('error', onError);
  });
}

/** What the forward's calls share: the connections to the backend and the answers kept for everyone. */
export interface ForwardContext {
  pool: BackendPool;
  shared?: SharedAnswers;
}

/**
 * Forwards one request. `req.headers` has been through the request gate: X-Forwarded-For holds the one
 * client address we trust, internal headers are gone. `from` is the host from parseHost (its `host` rebuilt on the
 * configured root).
 *
 * spec §9: the browser gives up on a call after 5 s, and so does the forward, counting the wait for a connection
 * (./backend-pool.ts): a call that waited too long is a 503 the backend never sees, one the backend has not answered
 * 5 s after it was ready is a 504, and then, as when the visitor leaves, the backend's request is closed, so the
 * backend can drop what it had not started (backend/src/http/gone-callers.ts).
 */
export async function forwardToBackend(
  req: IncomingMessage,
  res: ServerResponse,
  settings: WebSettings,
  from: ForwardHost,
  { pool, shared }: ForwardContext,
): Promise<void> {
  const pathname = (req.url ?? '/').split('?')[0]!;
  if (!backendPathAllowed(req.method, pathname, from.kind)) {
    sendEnvelope(res, 404, `接口不存在: ${req.method ?? 'GET'} ${pathname}`, ResultCode.NOT_FOUND);
    discardRest(req);
    return;
  }
  // The client address is the one the request gate wrote, alone in X-Forwarded-For.
  const forwardedFor = req.headers['x-forwarded-for'];
  const seat = pool.admit(Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor);
  if (!seat) {
    sendEnvelope(res, 429, TOO_MANY_CALLS, ResultCode.TOO_MANY_REQUESTS, { 'retry-after': '1' });
    discardRest(req);
    return;
  }
  // However the exchange ends (the answer written, our own refusal, the visitor gone), its place goes to the next.
  res.once('close', () => seat.release());
  const read = await readBody(req, bodyLimitOf(req.method, req.url));
  if (read.kind === 'gone') {
    seat.release();
    return;
  }
  if (read.kind !== 'body') {
    sendEnvelope(res, read.kind === 'too-large' ? 413 : 408, read.kind === 'too-large' ? BODY_TOO_LARGE : BODY_TOO_SLOW);
    discardRest(req);
    return;
  }
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && name !== 'host' && name !== 'content-length' && name !== 'cookie') headers[name] = value;
  }
  const cookie = cookiesFor(from.kind, req.headers.cookie);
  // A portal visitor's first call gives the device code (lib/device-cookie.ts); the backend sees it at once. Not
  // an image (`/oss/…`): a page loads many at once, and an answer with a cookie is no longer a shared one.
  const device = from.kind === 'desk' || pathname.startsWith(`${OSS_PUBLIC}/`) ? null : newDeviceCode(cookie);
  const deviceCookie = device ? deviceSetCookie(device, settings) : null;

  // An answer the backend marked the same for everyone, kept a few seconds (./shared-answers.ts). Not the desk's.
  const sharing = shared && req.method === 'GET' && read.body.length === 0 && from.kind !== 'desk' ? shared : undefined;
  const kept = sharing?.get(req.url ?? '/');
  if (kept) {
    const headers = { ...kept.headers };
    if (deviceCookie) headers['set-cookie'] = [deviceCookie];
    res.writeHead(kept.status, headers);
    res.end(kept.body);
    return;
  }
  const sentCookie = device ? `${cookie ? `${cookie}; ` : ''}${DEVICE_COOKIE}=${device}` : cookie;
  if (sentCookie) headers.cookie = sentCookie;
  // The body as read, framed by its length: the backend sees exactly one request.
  if (read.body.length > 0 || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(req.method ?? 'GET'))
    headers['content-length'] = read.body.length;
  // The public host, so the backend can scope the session cookie to the portal's root domain.
  headers['x-forwarded-host'] = from.host;
  headers['x-forwarded-proto'] = settings.protocol;

  let answered = false;
  let timedOut = false;
  let upstream: http.ClientRequest | undefined;
  const deadline = setTimeout(() => {
    timedOut = true;
    if (upstream) upstream.destroy(new Error('backend timeout'));
    else {
      // Still waiting (only when a pool waits longer than the browser does).
      sendEnvelope(res, 503, BACKEND_UNREACHABLE, 503, { 'retry-after': '1' });
      seat.release();
    }
  }, API_TIMEOUT_MS);
  // A visitor who leaves stops the backend call too.
  res.once('close', () => {
    clearTimeout(deadline);
    if (!res.writableFinished) upstream?.destroy();
  });
  const turn = await seat.turn();
  if (turn !== 'go') {
    clearTimeout(deadline);
    if (turn !== 'gone') sendEnvelope(res, 503, BACKEND_UNREACHABLE, 503, { 'retry-after': '1' });
    return;
  }
  if (res.destroyed) return;

  const target = new URL(req.url ?? '/', settings.backendUrl);
  const call = (resent: boolean) => {
    const sent = http.request(target, { method: req.method, headers, agent: pool.agent, timeout: API_TIMEOUT_MS }, (answer) => {
      answered = true;
      clearTimeout(deadline);
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
      }
      const seconds = sharing ? sharedSeconds(answer.statusCode ?? 0, answer.headers) : 0;
      if (deviceCookie) out['set-cookie'] = [...(answer.headers['set-cookie'] ?? []), deviceCookie];
      res.writeHead(answer.statusCode ?? 502, out);
      if (seconds > 0) {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.once('end', () =>
          sharing!.keep(req.url ?? '/', answer.statusCode!, answer.headers, Buffer.concat(chunks), seconds),
        );
      }
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream = sent;
    // Once the answer has begun, a backend silent for 5 s is given up on as well (the deadline above ends with
    // the answer's head: a photo may take longer than that to reach a slow visitor).
    sent.on('timeout', () => {
      timedOut = true;
      sent.destroy(new Error('backend timeout'));
    });
    sent.on('error', () => {
      if (answered) return;
      // A kept connection the backend had closed (it restarted, or dropped it idle) before reading the call: sent
      // again once on a new connection, as a browser does with its own kept connections. Not after a timeout, not
      // for a visitor who has left.
      if (sent.reusedSocket && !resent && !timedOut && !res.destroyed) call(true);
      else sendEnvelope(res, timedOut ? 504 : 502, BACKEND_UNREACHABLE);
    });
    sent.end(read.body);
  };
  call(false);
}

/** The only paths a browser may open a WebSocket on: the chat's live connections (user and agent desk). */
export const SOCKET_PATHS: readonly string[] = [ApiPath.imRegister, ApiPath.deskRegister];

/** A user's socket from a city or the bare root (the widget's pages), the desk's from the desk host alone. */
export function socketAllowed(pathname: string, kind: HostInfo['kind']): boolean {
  if (pathname === ApiPath.deskRegister) return kind === 'desk';
  return pathname === ApiPath.imRegister && (kind === 'city' || kind === 'root');
}

/** An answer written straight to a socket: the status line, headers and a short body. */
export type RawAnswer = (status: number, text: string) => string;

/**
 * Forwards a WebSocket upgrade on SOCKET_PATHS to the backend and, once it answers 101, joins the two sockets.
 * The backend decides who may connect (the session, the Origin); its refusal (401, 403, 400) goes back as it
 * came. Headers are the gate's (the one trusted client address, nothing internal) plus the upgrade's own.
 */
export function forwardUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  settings: WebSettings,
  from: ForwardHost,
  raw: RawAnswer,
): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && name !== 'host' && name !== 'content-length' && name !== 'cookie') headers[name] = value;
  }
  const cookie = cookiesFor(from.kind, req.headers.cookie);
  if (cookie) headers.cookie = cookie;
  headers.connection = 'Upgrade';
  headers.upgrade = 'websocket';
  headers['x-forwarded-host'] = from.host;
  headers['x-forwarded-proto'] = settings.protocol;
  const upstream = http.request(new URL(req.url ?? '/', settings.backendUrl), {
    method: 'GET',
    headers,
    agent: upgradeAgent,
    timeout: API_TIMEOUT_MS,
  });
  const fail = () => {
    if (socket.writable) socket.end(raw(502, BACKEND_UNREACHABLE));
    else socket.destroy();
  };
  upstream.on('timeout', () => upstream.destroy(new Error('backend timeout')));
  upstream.on('error', fail);
  socket.on('error', () => upstream.destroy());
  upstream.on('upgrade', (answer, backendSocket, backendHead) => {
    upstream.setTimeout(0);
    const lines = [`HTTP/1.1 101 Switching Protocols`];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (backendHead.length) socket.write(backendHead);
    if (head.length) backendSocket.write(head);
    backendSocket.pipe(socket).pipe(backendSocket);
    const close = () => {
      socket.destroy();
      backendSocket.destroy();
    };
    backendSocket.on('error', close).on('close', close);
    socket.on('error', close).on('close', close);
  });
  // A refusal: the backend's status and envelope, then the connection is closed.
  upstream.on('response', (answer) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').slice(0, 2000);
      if (socket.writable) socket.end(raw(answer.statusCode ?? 502, text));
    });
    answer.on('error', fail);
  });
  upstream.end();
}
