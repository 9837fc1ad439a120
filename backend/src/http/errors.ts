import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { failure, ResultCode } from '../../../contracts/envelope';

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
export function registerErrorHandling(app: FastifyInstance, clearSessionCookie: (reply: import('fastify').FastifyReply) => void): void {
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
    if (status === 429) return reply.status(429).send(failure(ResultCode.TOO_MANY_REQUESTS, error.message));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large …
      const msg = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'body: malformed JSON' : error.message;
      return reply.status(status).send(failure(status === 404 ? ResultCode.NOT_FOUND : ResultCode.BAD_REQUEST, msg));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(failure(ResultCode.SERVER_ERROR, SERVER_BUSY));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(failure(ResultCode.NOT_FOUND, `接口不存在: ${request.method} ${request.url.split('?')[0]}`));
  });
}
