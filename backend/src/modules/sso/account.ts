import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  accountSchema,
  PASSWORD_CHANGE_LIMIT,
  passwordChangedSchema,
  passwordChangeSchema,
  PROFILE_UPDATE_LIMIT,
  profileUpdateSchema,
} from '@contracts/account';
import { cacheTag } from '@contracts/cache-changes';
import { ApiPath } from '@contracts/paths';
import { smsCodeResultSchema, userInfoSchema } from '@contracts/user';
import type { Db } from '../../db/client';
import { projectReviews, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { sessionRoute } from '../../http/session-route';
import { recordChange } from '../cache/changes';
import type { PasswordThrottle } from './password-throttle';
import { hashPassword, verifyPassword } from '../../domain/passwords';
import { endOtherSessions, toUserInfo, type SessionsEnded } from '../../http/sessions';
import { consumeCode, issueCode, SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS } from './sms-codes';

/**
 * The personal centre's account (spec §2 Personal centre, contracts/account.ts): the overview, the profile, the password.
 * Every call needs a live session; the writes are POST (the cross-site check of http/same-site.ts applies).
 */

const TAGS = ['account'];

export function registerAccount(
  app: FastifyInstance,
  db: Db,
  passwordThrottle: PasswordThrottle,
  smsLimit: { max: number; timeWindow: string },
  sessionsEnded: SessionsEnded = () => {},
): void {
  sessionRoute(app, db, {
    method: 'GET and POST',
    path: ApiPath.account,
    summary: "The logged-in user's account: the user and whether a password is set (401 without a session)",
    tags: TAGS,
    input: z.object({}),
    output: accountSchema,
    handler: async ({ user }) => {
      return { user: toUserInfo(user), hasPassword: user.passwordHash !== null };
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.accountProfile,
    summary:
      'Change the nickname (2–16 characters, no run of 7 digits, no WeChat or QQ id: contracts/contact-details.ts) and sex (1 男, 2 女, empty 保密) of the logged-in user',
    tags: TAGS,
    input: profileUpdateSchema,
    output: userInfoSchema,
    limit: { scope: 'profile', max: PROFILE_UPDATE_LIMIT, timeWindow: '1 hour' },
    handler: async ({ user, input: { userName, sex } }) => {
      const [updated] = await db.update(users).set({ userName, sex }).where(eq(users.id, user.id)).returning();
      if (!updated) throw new Error(`user ${user.id} vanished during a profile update`);
      if (userName !== user.userName) {
        // A review shows its writer's nickname: the cached pages of the projects this user reviewed are stale.
        const reviewed = await db
          .selectDistinct({ projectId: projectReviews.projectId })
          .from(projectReviews)
          .where(eq(projectReviews.userId, user.id));
        if (reviewed.length > 0)
          await recordChange(
            db,
            reviewed.map((r) => cacheTag.detail('new', r.projectId)),
          );
      }
      return toUserInfo(updated);
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.accountSmsCode,
    summary: "Send a 6-digit code to the logged-in user's own mobile, to prove a password change (development gateway: the log)",
    tags: TAGS,
    output: smsCodeResultSchema,
    limit: { perAddress: smsLimit },
    handler: async ({ user, request }) => {
      // The same codes, limits and gateway as the login's (sms-codes.ts): per mobile 60 s apart, 10 a day.
      const code = await issueCode(db, user.mobile);
      request.log.info({ mobile: user.mobile, code }, 'sms code issued');
      return { resendAfter: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_SECONDS };
    },
  });

  sessionRoute(app, db, {
    method: 'POST',
    path: ApiPath.accountPassword,
    summary:
      'Set or change the password (8–20 characters, letters and digits), proven by the current password or an SMS code; every other session of the user ends',
    tags: TAGS,
    input: passwordChangeSchema,
    output: passwordChangedSchema,
    limit: { scope: 'password-change', max: PASSWORD_CHANGE_LIMIT, timeWindow: '1 hour' },
    handler: async ({ user, input: body, request }) => {
      if (body.method === 'password') {
        if (!user.passwordHash) throw badRequest(ACCOUNT_MESSAGES.noPasswordYet);
        // Wrong current passwords count with wrong logins (password-throttle.ts): a stolen session cannot guess it.
        await passwordThrottle.check(user.mobile);
        if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
          await passwordThrottle.recordFailure(user.mobile);
          throw badRequest(ACCOUNT_MESSAGES.wrongPassword);
        }
        await passwordThrottle.recordSuccess(user.mobile);
        if (body.newPassword === body.currentPassword) throw badRequest(ACCOUNT_MESSAGES.samePassword);
      } else {
        // The code first: without it, the same-password answer would let a stolen session test guesses of the
        // current password outside the login lock. A refused new password then costs the code.
        if (!(await consumeCode(db, user.mobile, body.code))) throw badRequest(ACCOUNT_MESSAGES.wrongCode);
        if (user.passwordHash && (await verifyPassword(body.newPassword, user.passwordHash)))
          throw badRequest(ACCOUNT_MESSAGES.samePassword);
      }
      const passwordHash = await hashPassword(body.newPassword);
      const endedSessions = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        return endOtherSessions(tx, user.id, request);
      });
      request.log.info({ userId: user.id, endedSessions }, 'password changed');
      // The user's chat sockets close too (every session's): the ended ones' cannot reconnect, this one's can.
      if (endedSessions > 0) sessionsEnded(user.id);
      return { endedSessions };
    },
  });
}
