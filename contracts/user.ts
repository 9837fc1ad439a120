import { z } from 'zod';
import { MOBILE_PATTERN, PASSWORD_LENGTH, SMS_CODE_LENGTH, SMS_CODE_PATTERN } from './constants';
import { id, text } from './fields';

export { SMS_CODE_LENGTH };

/** spec §3 User. `mobile` is the owner's own full number; other people only ever see it masked. */
export const userInfoSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  mobile: z.string(),
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

export const loginResultSchema = z.object({
  /** Also set as the HttpOnly session cookie on the root domain. */
  token: z.string(),
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
