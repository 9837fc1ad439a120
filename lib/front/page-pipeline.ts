import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { HostInfo } from '../host';
import { isRouterPrefetch } from './not-found-document';
import type { FrontCache } from './page-cache/front-cache';
import { isBudgeted, renderKind, sendRenderBudgetSpent, type RenderCounter, type RenderKind, type Taken } from './render-budget';

/**
 * How the web front answers a page request (anything the gate let through that is not a backend path), in
 * the order it happens:
 *
 * 1. front cache: a current copy of a shareable answer is written without entering Next (./page-cache/front-cache.ts);
 * 2. render budget: a request that may render takes one of its address's renders; an address past them gets the 429
 *    page, without entering Next (./render-budget.ts);
 * 3. render: Next's request handler writes its answer; every byte it writes passes one tap (`tapAnswer`);
 * 4. classify: when the answer's head is about to leave, its status, type and the request say what it is
 *    (`classifyAnswer`): a page as Next made it, a 404 page, a 404 to a router prefetch, a page Next could
 *    not render;
 * 5. body: a 404 page is sent as the not-found document, a 5xx page as the 500 document, a prefetch's 404
 *    with no body (./not-found-document.ts says why); anything else as Next wrote it;
 * 6. headers: an answer that sets a cookie is never marked for shared caches (`privateIfItSetsCookies`);
 * 7. after it left: a shareable answer is kept by the front cache, exactly as it left (compressed, swapped);
 *    a render taken in step 2 is given back if Next's answer (as Next made it, step 4) was no render.
 *
 * The tap is installed before Next gets the response, so it sits below whatever Next wraps around it (its gzip
 * middleware): it sees the bytes as they leave, and a replaced body leaves once, uncompressed.
 */
export interface PagePipeline {
  /** Next's request handler. */
  render: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** null in development: nothing is kept. */
  frontCache: FrontCache | null;
  /** In the process, or in Redis shared by every web process (REDIS_URL). */
  renderBudget: RenderCounter;
  /** The documents sent in place of Next's empty 404 and 5xx shells; null in development (none is built). */
  documents: { notFound: string; serverError: string } | null;
}

/** What an answer is, decided once, when its head is about to leave. */
export type AnswerClass =
  { kind: 'as-rendered' } | { kind: 'not-found-page' } | { kind: 'not-found-prefetch' } | { kind: 'server-error-page' };

export function servePage(pipeline: PagePipeline, req: IncomingMessage, res: ServerResponse, host: HostInfo): void {
  const client = req.headers['x-forwarded-for'] as string | undefined;
  const kind = renderKind(req.headers);
  // Read before Next sees the request: Next removes its router headers from `req.headers` while it renders, so by
  // the time the answer is classified they are gone (a missing page's prefetch then streamed forever).
  const routerPrefetch = isRouterPrefetch(req.headers);

  // 1. Front cache.
  const front = pipeline.frontCache && host.kind === 'city' ? pipeline.frontCache.request(req, host.city) : null;
  if (front && pipeline.frontCache!.answer(req, res, front)) return;

  // 2. Render budget: whatever reached this step may make Next render, on every host (a city, the desk, www, the bare
  // root, a Host nobody configured, one still to be added), so the budget is decided by what is asked, never by a list
  // of host kinds: only built and public files are left out (`isBudgeted`). Taken now, before Next starts, so that
  // requests sent at once are counted at once; prefetches apart.
  const taken = isBudgeted(req.url) ? pipeline.renderBudget.take(client, kind) : null;
  // Counted in Redis: the request waits for its count (at most the budget's Redis timeout, then it counts here).
  if (taken instanceof Promise) {
    void taken.then((counted) => renderCounted(pipeline, req, res, front, routerPrefetch, client, kind, counted));
    return;
  }
  renderCounted(pipeline, req, res, front, routerPrefetch, client, kind, taken);
}

/** Steps 3–7, once the render budget had its say. */
function renderCounted(
  pipeline: PagePipeline,
  req: IncomingMessage,
  res: ServerResponse,
  front: ReturnType<FrontCache['request']> | null,
  routerPrefetch: boolean,
  client: string | undefined,
  kind: RenderKind,
  taken: Taken | 'spent' | null,
): void {
  if (taken === 'spent') {
    sendRenderBudgetSpent(req, res, pipeline.renderBudget.retryAfter(client!, kind));
    return;
  }

  // 3–6. Render, classify, body, headers.
  const kept: Buffer[] | null = front && req.method === 'GET' ? [] : null;
  /** Next's content type, read when its answer was classified: a replaced answer carries the document's. */
  let nextType = '';
  tapAnswer(res, {
    classify: (status) => {
      nextType = String(res.getHeader('content-type') ?? '');
      return classifyAnswer(status, nextType, routerPrefetch, pipeline.documents !== null);
    },
    replacement: (answer) => replacementOf(answer, req.method, pipeline.documents!),
    beforeHead: () => privateIfItSetsCookies(res),
    left: (chunk) => kept?.push(chunk),
  });

  // 7. After it left. A request that never finished (the visitor left) keeps its render counted: Next did the work.
  res.once('finish', () => {
    const headers = res.getHeaders();
    if (front && kept) pipeline.frontCache!.keep(front, res.statusCode, headers, Buffer.concat(kept));
    if (taken && !wasRender(nextType, headers['x-nextjs-cache'])) pipeline.renderBudget.giveBack(taken);
  });

  void pipeline.render(req, res);
}

/** Step 4: what Next's answer is, from its status and content type and whether a router prefetch asked. */
export function classifyAnswer(status: number, contentType: string, routerPrefetch: boolean, hasDocuments: boolean): AnswerClass {
  if (!hasDocuments) return { kind: 'as-rendered' };
  const html = /^text\/html\b/i.test(contentType);
  if (status === 404 && routerPrefetch) return { kind: 'not-found-prefetch' };
  if (status === 404 && html) return { kind: 'not-found-page' };
  // A prefetch of a page Next could not render is left as Next sends it (lib/front/server-error-document.ts).
  if (status >= 500 && html && !routerPrefetch) return { kind: 'server-error-page' };
  // Client navigations ask for the RSC payload (text/x-component): the router draws its own views from it.
  return { kind: 'as-rendered' };
}

/** Step 5: the body sent instead of Next's, or null to send Next's. */
function replacementOf(
  answer: AnswerClass,
  method: string | undefined,
  documents: { notFound: string; serverError: string },
): { body: string; contentType?: string; contentLength: number } | null {
  const read = (document: string) => ({
    body: method === 'HEAD' ? '' : document,
    contentType: 'text/html; charset=utf-8',
    contentLength: Buffer.byteLength(document),
  });
  switch (answer.kind) {
    case 'not-found-page':
      return read(documents.notFound);
    case 'server-error-page':
      return read(documents.serverError);
    case 'not-found-prefetch':
      // The status alone: the client router never reads a failed prefetch's body (./not-found-document.ts).
      return { body: '', contentLength: 0 };
    case 'as-rendered':
      return null;
  }
}

/**
 * Step 6. Next marks a cached page `s-maxage` even when the proxy set a cookie on this answer (a new visitor's
 * device code): a shared cache in front of us would then hand that one code to everyone. Such an answer is private.
 */
export function privateIfItSetsCookies(res: ServerResponse): void {
  if (res.getHeader('set-cookie') !== undefined && /\bs-maxage=/.test(String(res.getHeader('cache-control') ?? ''))) {
    res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
  }
}

/**
 * Step 7: whether Next rendered this answer (a page or its RSC payload that its page cache did not hold), from the
 * content type Next gave it (before any document replaced it) and its `x-nextjs-cache`, the header Next documents
 * for telling a cache HIT from a render. Any answer marked MISS was made for this request, whatever its type: a
 * sitemap file the web fetched from the backend (lib/server/sitemap-relay.ts) marks itself so.
 */
export function wasRender(nextContentType: string, nextjsCache: OutgoingHttpHeaders[string]): boolean {
  // A page's header is a string (Next sets it); a route's answer is a list (Next appends the Response's headers).
  const cache = String(nextjsCache ?? '');
  if (cache === 'MISS') return true;
  return /^(text\/html|text\/x-component)/.test(nextContentType) && cache !== 'HIT';
}

/** Headers that describe the body Next was going to send, not a document sent instead. */
const BODY_HEADERS = ['content-encoding', 'content-length', 'content-type', 'etag', 'link', 'transfer-encoding'];

type Callback = (err?: Error | null) => void;

interface AnswerTap {
  /** Called once, at the first moment anything would reach the socket, with the status Next set by then. */
  classify: (status: number) => AnswerClass;
  /** The body sent instead of Next's for that class, or null. */
  replacement: (answer: AnswerClass) => { body: string; contentType?: string; contentLength: number } | null;
  /** Just before the head leaves, whoever wrote it. */
  beforeHead: () => void;
  /** Each chunk as it leaves. */
  left: (chunk: Buffer) => void;
}

/**
 * The one place the response's methods are wrapped. The decision is taken at the first moment anything would
 * reach the socket (headers flushed, a head written, a chunk, the end); a replaced answer drops everything Next
 * writes and sends the replacement once, at Next's end. Node writes an implicit head through `writeHead`, so
 * `beforeHead` sees every head.
 */
function tapAnswer(res: ServerResponse, tap: AnswerTap): void {
  const original = { flushHeaders: res.flushHeaders, writeHead: res.writeHead, write: res.write, end: res.end };
  let replacement: ReturnType<AnswerTap['replacement']> | undefined;
  /** The status Next had set when the decision was taken: the replacement keeps it. */
  let decidedStatus = 0;
  let sent = false;
  const decide = (status = res.statusCode): boolean => {
    if (replacement === undefined) {
      decidedStatus = status;
      replacement = tap.replacement(tap.classify(status));
    }
    return replacement !== null;
  };
  const take = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    tap.left(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    );
  };
  const sendReplacement = () => {
    if (sent || !replacement) return;
    sent = true;
    for (const name of BODY_HEADERS) res.removeHeader(name);
    if (replacement.contentType) res.setHeader('content-type', replacement.contentType);
    res.setHeader('content-length', replacement.contentLength);
    tap.beforeHead();
    original.writeHead.call(res, decidedStatus);
    take(replacement.body, 'utf8');
    original.end.call(res, replacement.body, 'utf8');
  };
  const callbackOf = (...args: unknown[]) => args.find((a): a is Callback => typeof a === 'function');

  res.flushHeaders = function flushHeaders(this: ServerResponse) {
    if (!decide()) original.flushHeaders.call(this);
  };
  res.writeHead = function writeHead(this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    if (decide(args[0])) return this;
    tap.beforeHead();
    return original.writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
  res.write = function write(this: ServerResponse, ...args: Parameters<ServerResponse['write']>) {
    if (!decide()) {
      take(args[0], args[1]);
      return original.write.apply(this, args);
    }
    const callback = callbackOf(...args);
    if (callback) process.nextTick(callback);
    return true;
  } as ServerResponse['write'];
  res.end = function end(this: ServerResponse, ...args: unknown[]) {
    if (!decide()) {
      take(args[0], args[1]);
      return original.end.apply(this, args as Parameters<ServerResponse['end']>);
    }
    const callback = callbackOf(...args);
    sendReplacement();
    if (callback) res.once('finish', () => callback());
    return this;
  } as ServerResponse['end'];
}
