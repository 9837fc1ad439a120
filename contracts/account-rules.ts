import { contactDetailsMessage, CONTACT_FIELD_LABELS, hasContactDetails, readNumbers } from './contact-details';

/**
 * The account's rules (spec §2 "Personal centre"), zod-free so that the forms check exactly what the backend
 * checks (contracts/account.ts) without shipping the schema library to the browser.
 */

/** A nickname: 2–16 characters (code points) of Chinese, Latin letters, digits, `_` and `-`. */
export const NICKNAME_LENGTH = { min: 2, max: 16 } as const;
const NICKNAME_CHARS = /^[\p{Script=Han}A-Za-z0-9_-]+$/u;
/**
 * At most 6 digits in a row: a nickname is shown to others (reviews), and a mobile number in it (or most of
 * one) would publish what the portal otherwise masks (spec §3).
 */
const DIGIT_RUN = /\d{7,}/;

/**
 * True when a name carries a run of 7 or more digits, read as a person would (contracts/contact-details.ts
 * readNumbers): separators (`138-0013-8000`, `138_0013`) do not break the run, and Chinese numerals (一三八零零…,
 * 壹叁捌…) and full-width digits count as digits.
 */
export function hasDigitRun(name: string): boolean {
  return DIGIT_RUN.test(readNumbers(name));
}

export type NicknameProblem = 'length' | 'chars' | 'mobileLike' | 'contact';

/** What is wrong with a nickname (after trimming), or null. */
export function nicknameProblem(name: string): NicknameProblem | null {
  const length = [...name].length;
  if (length < NICKNAME_LENGTH.min || length > NICKNAME_LENGTH.max) return 'length';
  if (!NICKNAME_CHARS.test(name)) return 'chars';
  if (hasDigitRun(name)) return 'mobileLike';
  // A WeChat or QQ id under its word (微信abc123, QQ12345) is a contact detail with fewer than 7 digits.
  if (hasContactDetails(name)) return 'contact';
  return null;
}

/**
 * spec §3 sex: `1` male, `2` female, empty 保密 (not told). `1` or empty shows the male default avatar, `2` the
 * female one.
 */
export const SEX_VALUES = ['1', '2', ''] as const;
export type Sex = (typeof SEX_VALUES)[number];
export const isFemale = (sex: string) => sex === '2';

/**
 * A password set or changed here: 8–20 printable ASCII characters (no spaces) with at least one letter and one
 * digit. Login still takes 6–32 characters (contracts/constants.ts PASSWORD_LENGTH), which every password made
 * under this rule meets.
 */
export const NEW_PASSWORD_LENGTH = { min: 8, max: 20 } as const;

export type PasswordProblem = 'length' | 'chars' | 'weak';

export function newPasswordProblem(password: string): PasswordProblem | null {
  if (password.length < NEW_PASSWORD_LENGTH.min || password.length > NEW_PASSWORD_LENGTH.max) return 'length';
  if (!/^[\x21-\x7e]+$/.test(password)) return 'chars';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'weak';
  return null;
}

/** Backend messages (the forms show the answer's message as it is). */
export const ACCOUNT_MESSAGES = {
  nickname: {
    length: `昵称为${NICKNAME_LENGTH.min}-${NICKNAME_LENGTH.max}个字`,
    chars: '昵称只能包含中文、字母、数字、下划线和短横线',
    mobileLike: '昵称不能包含手机号等连续7位以上数字',
    contact: contactDetailsMessage(CONTACT_FIELD_LABELS.nickname),
  },
  password: {
    length: `密码为${NEW_PASSWORD_LENGTH.min}-${NEW_PASSWORD_LENGTH.max}位`,
    chars: '密码只能包含字母、数字和英文符号，不能有空格',
    weak: '密码需同时包含字母和数字',
  },
  passwordRule: `${NEW_PASSWORD_LENGTH.min}-${NEW_PASSWORD_LENGTH.max}位，需同时包含字母和数字，可用英文符号`,
  wrongPassword: '当前密码错误',
  noPasswordYet: '您还没有设置密码，请使用短信验证码',
  wrongCode: '验证码错误或已过期',
  samePassword: '新密码不能与当前密码相同',
} as const;
