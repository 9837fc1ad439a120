import type { ChannelCode } from './constants';

/**
 * 房源核验码: every published listing of a channel an agent or owner lists (二手房, 租房,
 * 商铺 and 写字楼, for sale and for rent) has one, shown on its detail page, and `/validate` tells a visitor whether a
 * code is a real, current listing of the portal. The code is derived from the listing, not stored: `YJ`, one digit
 * for the channel, the listing's id, and two check digits (ISO 7064 mod 97-10, as an IBAN's), so a listing has it from
 * the moment it is published (seeded, entrusted or listed by its owner) and a mistyped digit is caught as a wrong code
 * before any lookup. Knowing a code reveals nothing the listing's public page does not show. Zod-free: the browser
 * imports it.
 */
export type VerifiableChannel = Extract<
  ChannelCode,
  'esf' | 'rent' | 'shop_sale' | 'shop_rent' | 'offices_sale' | 'offices_rent'
>;

/** The channel digit of a code; the order is fixed (changing it would change every listing's code). */
export const VERIFIABLE_CHANNELS: readonly VerifiableChannel[] = [
  'esf',
  'rent',
  'shop_sale',
  'shop_rent',
  'offices_sale',
  'offices_rent',
];

export const isVerifiable = (code: ChannelCode): code is VerifiableChannel =>
  (VERIFIABLE_CHANNELS as readonly string[]).includes(code);

const PREFIX = 'YJ';
/** Ids are PostgreSQL integers: at most ten digits. */
const MAX_ID = 2_147_483_647;

/** mod 97 of a digit string of any length, digit by digit (no number overflows). */
function mod97(digits: string): number {
  let r = 0;
  for (const d of digits) r = (r * 10 + Number(d)) % 97;
  return r;
}

/** ISO 7064 mod 97-10 check digits of a digit string: appended, the whole is 1 mod 97. */
const checkDigits = (digits: string) => String(98 - mod97(`${digits}00`)).padStart(2, '0');

/** `YJ1123456xx`: the code of listing `id` of a channel. */
export function verifyCodeOf(channel: VerifiableChannel, id: number): string {
  const body = `${VERIFIABLE_CHANNELS.indexOf(channel) + 1}${id}`;
  return `${PREFIX}${body}${checkDigits(body)}`;
}

/** A code as a visitor may type it: any case, with spaces or dashes between its parts. */
export const normaliseVerifyCode = (input: string) => input.replace(/[\s-]+/g, '').toUpperCase();

export type ParsedVerifyCode =
  | { ok: true; channel: VerifiableChannel; id: number }
  /** `format`: not a code at all; `check`: a code whose check digits do not match (a digit mistyped). */
  | { ok: false; reason: 'format' | 'check' };

/** The listing a code names, or why it names none. Never throws. */
export function parseVerifyCode(input: string): ParsedVerifyCode {
  const m = /^YJ([1-9])([1-9]\d{0,9})(\d{2})$/.exec(normaliseVerifyCode(input).slice(0, 40));
  if (!m) return { ok: false, reason: 'format' };
  const channel = VERIFIABLE_CHANNELS[Number(m[1]) - 1];
  const id = Number(m[2]);
  if (!channel || id > MAX_ID) return { ok: false, reason: 'format' };
  if (mod97(`${m[1]}${m[2]}${m[3]}`) !== 1) return { ok: false, reason: 'check' };
  return { ok: true, channel, id };
}
