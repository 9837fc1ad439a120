import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { failure } from '@contracts/envelope';
import { API_BODY_LIMIT } from '@contracts/constants';
import { API_TIMEOUT_MS } from './api/core';
import { securityHeaders } from './proxy/security-headers';
import type { WebSettings } from './settings';

/**
 * Backend paths the browser calls same-origin (lib/backend-paths.ts) are forwarded by the web server itself,
 * before Next.js: through Next they cost a middleware run each, and Next's external rewrite queued them
 * under load (issue 5: 94 of 3,154 suggestion calls took over 10 s at 64 connections while the backend
 * answered in 85 ms at most), broke with EPIPE when the backend refused a large body, and told every
 * visitor the backend's internal address in `x-middleware-rewrite`. Here: a keep-alive pool to the
 * backend, the body limit applied before anything is sent on, and the backend's answer streamed back.
 */

/** Connection-level headers (RFC 9110 §7.6.1): they describe one hop and are never passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/** The web talks to one backend; enough sockets for the web's own concurrency, reused across requests. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32, scheduling: 'lifo' });

export const BODY_TOO_LARGE = `请求体不能超过${API_BODY_LIMIT / 1024 / 1024}MB`;
const BACKEND_UNREACHABLE = '网络繁忙，请稍后再试';

function sendEnvelope(res: ServerResponse, status: number, message: string, settings: Pick<WebSettings, 'protocol'>): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(failure(status, message));
  res.writeHead(status, {
    ...securityHeaders(settings),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * 413 for a body over the limit. The rest of the body is read and dropped rather than the socket closed
 * under the sender: closing with unread data makes TCP reset the connection, and the client then often
 * loses the answer too (the EPIPE/ECONNRESET behind issue 5's intermittent 500). Past DISCARD_LIMIT the
 * sender is not worth waiting for and the connection goes.
 */
const DISCARD_LIMIT = 32 * 1024 * 1024;
function refuseBody(req: IncomingMessage, res: ServerResponse, settings: Pick<WebSettings, 'protocol'>): void {
  sendEnvelope(res, 413, BODY_TOO_LARGE, settings);
  let discarded = 0;
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) req.destroy();
  });
  req.resume();
}


/**
 * Forwards one request. `req.headers` has been through the request gate: X-Forwarded-For holds the one
 * client address we trust, internal headers are gone. `publicHost` is the portal host from parseHost.
 */
export function forwardToBackend(req: IncomingMessage, res: ServerResponse, settings: WebSettings, publicHost: string): void {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > API_BODY_LIMIT) {
    // Refused before anything is sent on.
    refuseBody(req, res, settings);
    return;
  }
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && name !== 'host') headers[name] = value;
  }
  // The public host, so the backend can scope the session cookie to the portal's root domain.
  headers['x-forwarded-host'] = publicHost;
  headers['x-forwarded-proto'] = settings.protocol;

  const target = new URL(req.url ?? '/', settings.backendUrl);
  const upstream = http.request(target, { method: req.method, headers, agent, timeout: API_TIMEOUT_MS }, (answer) => {
    const out: http.OutgoingHttpHeaders = { ...securityHeaders(settings) };
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
    }
    res.writeHead(answer.statusCode ?? 502, out);
    answer.pipe(res);
    answer.on('error', () => res.destroy());
  });
  // Once the visitor has an answer (the backend's, or our 413), a failing backend call changes nothing.
  let answered = false;
  res.once('pipe', () => (answered = true));
  // spec §9: 5 s, as the browser's own client waits; a backend that has not answered by then is a 504.
  let timedOut = false;
  upstream.on('timeout', () => {
    timedOut = true;
    upstream.destroy(new Error('backend timeout'));
  });
  upstream.on('error', () => {
    if (!answered) sendEnvelope(res, timedOut ? 504 : 502, BACKEND_UNREACHABLE, settings);
  });
  // A visitor who leaves stops the backend call too.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });

  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (answered) return;
    if (received > API_BODY_LIMIT) {
      // A chunked body that grew past the limit: stop both sides, answer 413 and close.
      answered = true;
      upstream.destroy();
      refuseBody(req, res, settings);
      return;
    }
    if (!upstream.write(chunk)) {
      req.pause();
      upstream.once('drain', () => req.resume());
    }
  });
  req.on('end', () => {
    if (received <= API_BODY_LIMIT) upstream.end();
  });
  req.on('error', () => upstream.destroy());
}
