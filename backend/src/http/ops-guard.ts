import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ResultCode } from '@contracts/envelope';
import type { Config } from '../config';
import { ApiError } from './errors';

export const OPS_CLOSED = '运维接口未开启：后端没有设置 OPS_TOKEN';
export const OPS_TOKEN_MISSING = '缺少运维令牌：请以 Authorization: Bearer <OPS_TOKEN> 调用';
export const OPS_TOKEN_WRONG = '运维令牌不正确';

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/**
 * True when `presented` is the token. Both are hashed first, so the comparison takes the same time whatever
 * the lengths and wherever they differ (timingSafeEqual needs equal lengths).
 */
export function isOpsToken(presented: string, token: string): boolean {
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * The operator routes' guard, run before the body is read: 403 while OPS_TOKEN is unset (the API is never
 * open by default), 401 without the bearer token or with another one.
 */
export function opsGuard(config: Pick<Config, 'OPS_TOKEN'>): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = config.OPS_TOKEN;
    if (!token) throw new ApiError(403, ResultCode.FORBIDDEN, OPS_CLOSED);
    const presented = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
    if (presented === undefined || !isOpsToken(presented, token)) {
      reply.header('www-authenticate', 'Bearer realm="ops"');
      throw new ApiError(401, ResultCode.SESSION_INVALID, presented === undefined ? OPS_TOKEN_MISSING : OPS_TOKEN_WRONG);
    }
  };
}
