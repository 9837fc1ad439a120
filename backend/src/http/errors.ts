import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_BODY_LIMIT } from '@contracts/constants';
import { failure, ResultCode } from '@contracts/envelope';

/** A failure the caller should see as it is: HTTP status, envelope code (spec §8) and a readable message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
    /** spec §8: a presented but invalid session also clears the credential cookie. */
    readonly clearSession = false,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, ResultCode.NOT_FOUND, `${what}不存在`);
export const tooManyRequests = (msg: string) => new ApiError(429, ResultCode.TOO_MANY_REQUESTS, msg);
export const badRequest = (msg: string) => new ApiError(400, ResultCode.BAD_REQUEST, msg);

/**
 * The envelope code of a generic client error (docs/api.md "Envelope and codes"): the HTTP status itself,
 * except 404 and 401, which have their spec §8 codes.
 */
export function codeOfStatus(status: number): number {
  if (status === 404) return ResultCode.NOT_FOUND;
  if (status === 401) return ResultCode.SESSION_INVALID;
  return status;
}

/** Messages for Fastify's own client errors, by status; others keep Fastify's (English) message. */
const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: '请求无效',
  405: '不支持的请求方法',
  408: '请求超时',
  413: `请求体过大，上限 ${API_BODY_LIMIT / 1024 / 1024} MiB`,
  414: '请求地址过长',
  415: '请求体类型不支持，请使用 application/json',
  431: '请求头过大',
};

function clientErrorMessage(error: FastifyError, status: number): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'body: malformed JSON';
  if (error.code === 'FST_ERR_BAD_URL') return '请求地址无效';
  return (status !== 400 && CLIENT_ERROR_MESSAGES[status]) || error.message || CLIENT_ERROR_MESSAGES[400]!;
}

/** spec §8 "Any other status": the text the web shows for a server failure. Never a stack or SQL. */
export const SERVER_BUSY = '服务繁忙，请稍后再试';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `keyword: keyword must not be blank`, `cityCode: is required` — field first, then the problem in words. */
function describeIssue(issue: ValidationIssue, context: string | undefined): string {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'request';
  const message = issue.message ?? 'is invalid';
  if (issue.keyword === 'invalid_type' && /received undefined/.test(message)) return `${field}: is required`;
  return `${field}: ${message}`;
}

/**
 * The one error handler (ARCHITECTURE "Two processes, one contract"): every failure becomes the envelope with
 * an HTTP status that means the same thing; unexpected ones are logged in full and answered with a plain 500.
 */
export function registerErrorHandling(app: FastifyInstance, clearSessionCookie: (reply: FastifyReply) => void): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.clearSession) clearSessionCookie(reply);
      return reply.status(error.statusCode).send(failure(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const msg = error.validation.map((issue) => describeIssue(issue, error.validationContext)).join('; ');
      return reply.status(400).send(failure(ResultCode.BAD_REQUEST, msg));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large …
      return reply.status(status).send(failure(codeOfStatus(status), clientErrorMessage(error, status)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(failure(ResultCode.SERVER_ERROR, SERVER_BUSY));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(failure(ResultCode.NOT_FOUND, `接口不存在: ${request.method} ${request.url.split('?')[0]}`));
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs — a malformed
 * %-escape in the path (400), a path parameter over `maxParamLength` (414) — answered in the envelope.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send(failure(codeOfStatus(status), clientErrorMessage(error, status)));
}

/**
 * Node's 16 KiB limit covers the request line and the headers together; when the request line is the larger
 * part, the URL is what is too long (414), otherwise the headers are (431).
 */
function requestLineTooLong(raw: unknown): boolean {
  if (!Buffer.isBuffer(raw)) return false;
  const lineEnd = raw.indexOf('\r\n');
  const headEnd = raw.indexOf('\r\n\r\n');
  const line = lineEnd === -1 ? raw.length : lineEnd;
  const head = headEnd === -1 ? raw.length : headEnd;
  return line > head - line;
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request (a malformed
 * request line, an unknown method, headers over 16 KiB, a timeout). Written straight to the socket, as a
 * complete HTTP answer with the envelope, and the connection closed.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT') status = 408;
  else if (error.code === 'HPE_INVALID_METHOD') status = 405;
  else if (error.code === 'HPE_HEADER_OVERFLOW') status = requestLineTooLong(error.rawPacket) ? 414 : 431;
  const body = JSON.stringify(failure(codeOfStatus(status), CLIENT_ERROR_MESSAGES[status]!));
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
