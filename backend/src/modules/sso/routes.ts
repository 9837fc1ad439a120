import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, ResultCode } from '@contracts/envelope';
import { envelopeSchema } from '@contracts/envelope-schema';
import { ApiPath } from '@contracts/paths';
import {
  loginByPasswordSchema,
  loginBySmsSchema,
  loginResultSchema,
  smsCodeRequestSchema,
  smsCodeResultSchema,
  userInfoSchema,
} from '@contracts/user';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { sessionRoute } from '../../http/session-route';
import { registerAccount } from './account';
import type { SharedCounters } from '../limits/shared';
import { PasswordThrottle } from './password-throttle';
import { dummyPasswordHash, verifyUserPassword } from '../../domain/passwords';
import { clearSessionCookie, endSession, startSession, toUserInfo, type SessionsEnded, type UserRow } from '../../http/sessions';
import { consumeCode, issueCode, SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS } from './sms-codes';

/** Per client IP (after X-Forwarded-For from loopback): guesses and SMS bombing are expensive. */
const LOGIN_LIMIT = { max: 20, timeWindow: '10 minutes' };
const SMS_LIMIT = { max: 30, timeWindow: '1 hour' };

const loginFailed = (msg: string) => new ApiError(400, ResultCode.LOGIN_FAILED, msg);

export function registerSso(
  app: FastifyInstance,
  db: Db,
  config: Config,
  counters?: SharedCounters,
  sessionsEnded: SessionsEnded = () => {},
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const passwordThrottle = new PasswordThrottle(counters);
  // Made now, so that the first login of an unknown mobile does not take longer than the others.
  void dummyPasswordHash();
  const tags = ['sso'];

  async function loginAs(user: UserRow, registered: boolean, reply: Parameters<typeof startSession>[2]) {
    const { expiresAt } = await startSession(db, config, reply, user.id);
    return ok({ expiresAt, user: toUserInfo(user), registered });
  }

  typed.post(
    ApiPath.smsCode,
    {
      config: { rateLimit: SMS_LIMIT },
      schema: {
        summary: 'Send a 6-digit login code (development gateway: written to the log)',
        tags,
        body: smsCodeRequestSchema,
        response: { 200: envelopeSchema(smsCodeResultSchema) },
      },
    },
    async (request) => {
      const code = await issueCode(db, request.body.mobile);
      // The development SMS gateway: the code goes to the log (the browser tests read it from there).
      request.log.info({ mobile: request.body.mobile, code }, 'sms code issued');
      return ok({ resendAfter: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_SECONDS });
    },
  );

  typed.post(
    ApiPath.loginBySms,
    {
      config: { rateLimit: LOGIN_LIMIT },
      schema: {
        summary: 'Log in with an SMS code; a new mobile registers',
        tags,
        body: loginBySmsSchema,
        response: { 200: envelopeSchema(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const { mobile, code } = request.body;
      if (!(await consumeCode(db, mobile, code))) throw loginFailed('验证码错误或已过期');
      const created = await db.insert(users).values({ mobile }).onConflictDoNothing().returning();
      const user = created[0] ?? (await db.select().from(users).where(eq(users.mobile, mobile)))[0];
      if (!user) throw new Error(`user ${mobile} vanished during login`);
      return loginAs(user, created.length === 1, reply);
    },
  );

  typed.post(
    ApiPath.loginByPassword,
    {
      config: { rateLimit: LOGIN_LIMIT },
      schema: {
        summary: 'Log in with mobile and password',
        tags,
        body: loginByPasswordSchema,
        response: { 200: envelopeSchema(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const { mobile, password } = request.body;
      await passwordThrottle.check(mobile);
      const [user] = await db.select().from(users).where(eq(users.mobile, mobile));
      // One message and one scrypt for an unknown mobile and a wrong password: neither the answer nor its
      // timing tells which mobiles exist.
      const valid = await verifyUserPassword(password, user?.passwordHash);
      if (!user || !valid) {
        await passwordThrottle.recordFailure(mobile);
        throw loginFailed('手机号或密码错误');
      }
      await passwordThrottle.recordSuccess(mobile);
      return loginAs(user, false, reply);
    },
  );

  typed.post(
    ApiPath.logout,
    { schema: { summary: 'End the session and clear the cookie', tags, response: { 200: envelopeSchema(z.null()) } } },
    async (request, reply) => {
      const userId = await endSession(db, request);
      if (userId !== null) sessionsEnded(userId);
      clearSessionCookie(reply, config);
      return ok(null);
    },
  );

  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.userInfo,
    summary: 'The logged-in user (401 / 4010011002 without a live session)',
    tags: ['portal'],
    input: z.object({}),
    output: userInfoSchema,
    handler: async ({ user }) => toUserInfo(user),
  });

  // The personal centre's account (spec §2 Personal centre): the same password throttle as the login, the same SMS limit.
  registerAccount(app, db, passwordThrottle, SMS_LIMIT, sessionsEnded);
}
