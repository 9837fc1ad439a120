import { z } from 'zod';
import { MOBILE_PATTERN, PASSWORD_LENGTH, SMS_CODE_LENGTH, SMS_CODE_PATTERN } from './constants';
import { id, text } from './fields';
import { MASKED_MOBILE_PATTERN } from './mobile';

export { SMS_CODE_LENGTH };

/** spec §3 User. */
export const userInfoSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /**
   * Masked as spec §3 shows it (`138***8000`, contracts/mobile.ts), even to the owner: the full number never
   * leaves the backend, so a leaked answer or page does not leak it. The pattern makes an unmasked number
   * fail the answer check instead of going out.
   */
  // '' is a user without a mobile (spec §2: the personal pages then send them to login, which needs the answer).
  mobile: z.string().regex(MASKED_MOBILE_PATTERN).or(z.literal('***')).or(z.literal('')),
  avatarUrl: z.string(),
  /** 1 or empty: male default avatar. */
  sex: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Mainland mobile numbers: 11 digits starting 1[3-9]; the pattern bounds the length. */
export const mobileSchema = z.string().trim().regex(MOBILE_PATTERN, 'mobile must be an 11-digit mainland number');

export const smsCodeRequestSchema = z.object({ mobile: mobileSchema });
export const smsCodeResultSchema = z.object({
  /** Seconds before another code may be asked for this mobile. */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});
export type SmsCodeResult = z.infer<typeof smsCodeResultSchema>;

export const loginBySmsSchema = z.object({
  mobile: mobileSchema,
  code: z.string().trim().regex(SMS_CODE_PATTERN, 'code must be 6 digits'),
});
export const loginByPasswordSchema = z.object({
  mobile: mobileSchema,
  // Not trimmed: spaces are part of a password.
  password: text(PASSWORD_LENGTH.max, { min: PASSWORD_LENGTH.min, trim: false, message: 'password must be 6 to 32 characters' }),
});

/**
 * The session token is only in the HttpOnly cookie (`SESSION_COOKIE`), never in the body: script on the page
 * must not be able to read it.
 */
export const loginResultSchema = z.object({
  /** ISO date-time; about 30 hours after login (spec §9). */
  expiresAt: z.string(),
  user: userInfoSchema,
  /** True when this login created the account (a new mobile registers). */
  registered: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const agentStatusRequestSchema = z.object({
  branchId: id(),
  userId: id(),
});
export const agentStatusSchema = z.object({ status: z.number().int().min(1).max(3) });
