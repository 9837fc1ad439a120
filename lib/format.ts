import dayjs from 'dayjs';
import { maskMobile } from '@contracts/mobile';
import { messages } from './messages';

// spec §3 masking has one rule, shared with the backend (which masks the mobile before it leaves).
export { maskMobile };

/** Money: totalPrice in 万 (spec-free but contract-defined), unitPrice in 元/㎡. */
export function formatTotalPrice(wan: number): string {
  // Whole 万 above 1000 (¥1千万+), one decimal below, no trailing .0.
  const v = wan >= 1000 ? Math.round(wan) : Math.round(wan * 10) / 10;
  return String(v);
}

export function formatUnitPrice(yuanPerSqm: number): string {
  return `${Math.round(yuanPerSqm).toLocaleString('en-US')}${messages.unitPriceUnit}`;
}

export function formatArea(sqm: number): string {
  return `${Math.round(sqm * 100) / 100}㎡`;
}

/** `3室2厅` (bathrooms only when asked: `3室2厅1卫`). */
export function formatLayout(rooms: number, halls: number, baths?: number): string {
  return `${rooms}室${halls}厅${baths !== undefined ? `${baths}卫` : ''}`;
}

/** spec §3: the displayed name falls back to the masked mobile. */
export function displayName(user: { userName: string; mobile: string }): string {
  return user.userName.trim() || maskMobile(user.mobile);
}

// spec §9 relative time: one implementation, safe for client islands (./relative-time.ts).
export { formatRelativeTime } from './relative-time';

export function formatDate(time: string): string {
  const t = dayjs(time);
  return t.isValid() ? t.format('YYYY-MM-DD') : '';
}

/** 新房 layouts in a card: `3室/4室`, each room count once; 0 rooms is an office floor or shop unit (开间). */
export function formatLayoutRooms(rooms: number[]): string {
  return rooms.map((r) => (r === 0 ? messages.newHome.studio : `${r}室`)).join('/');
}

/** One layout: `3室2厅2卫`, or 开间. */
export function formatProjectLayout(rooms: number, halls: number, baths: number): string {
  return rooms === 0 ? messages.newHome.studio : formatLayout(rooms, halls, baths);
}

/** `89-143㎡`, or `89㎡` when all layouts are one size. */
export function formatAreaRange(min: number, max: number): string {
  const a = Math.round(min);
  const b = Math.round(max);
  return a === b ? `${a}㎡` : `${a}-${b}㎡`;
}

/** A project's total-price range: `438-1173万/套`; null while 价格待定. */
export function formatTotalRange(min: number | null, max: number | null): string | null {
  if (min === null || max === null) return null;
  return messages.newHome.totalRange(formatTotalPrice(min), formatTotalPrice(max));
}

/** A project date: a day `2025-12-18` as 2025年12月18日, a planned month `2027-06` as 2027年6月. */
export function formatProjectDate(date: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(date);
  if (!m) return date;
  return `${m[1]}年${Number(m[2])}月${m[3] ? `${Number(m[3])}日` : ''}`;
}
