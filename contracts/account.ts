import { z } from 'zod';
import { ACCOUNT_MESSAGES, newPasswordProblem, nicknameProblem, SEX_VALUES } from './account-rules';
import { SMS_CODE_PATTERN } from './constants';
import { text } from './fields';
import { userInfoSchema } from './user';

export * from './account-rules';

/**
 * The personal centre's account: the overview, the profile (nickname, sex) and the password.
 * Every call needs a session; the writes are POST with a strict JSON body.
 */

/** `/personal/account`: the user and whether a password is set (set or change on changePass). */
export const accountSchema = z.object({
  user: userInfoSchema,
  hasPassword: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** The profile: the nickname (contracts/account-rules.ts) and sex (`1` 男, `2` 女, empty 保密). */
export const profileUpdateSchema = z.strictObject({
  userName: text(64).superRefine((name, ctx) => {
    const problem = nicknameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.nickname[problem] });
  }),
  sex: z.enum(SEX_VALUES),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

// Not trimmed: spaces would be part of a password; the rule refuses them with its own message.
const newPassword = z
  .string()
  .max(256)
  .superRefine((password, ctx) => {
    const problem = newPasswordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.password[problem] });
  });

/**
 * Set or change the password, proven by the current password or by an SMS code sent to the user's own mobile
 * (`ApiPath.accountSmsCode`). A user without a password (registered by SMS) can only use a code.
 */
export const passwordChangeSchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('password'), currentPassword: z.string().min(1).max(256), newPassword }),
  z.strictObject({
    method: z.literal('sms'),
    code: z.string().trim().regex(SMS_CODE_PATTERN, 'code must be 6 digits'),
    newPassword,
  }),
]);
export type PasswordChange = z.input<typeof passwordChangeSchema>;

export const passwordChangedSchema = z.object({
  /** Other sessions of the user that were ended; this one stays. */
  endedSessions: z.number().int(),
});
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

/** Changes of the password a user may try per hour (every attempt counts), and profile saves. */
export const PASSWORD_CHANGE_LIMIT = 10;
export const PROFILE_UPDATE_LIMIT = 30;
