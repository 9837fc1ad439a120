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

/**
 * spec §9 relative time (copy.md): under 1 minute 刚刚, under 1 hour {n}分钟前, then 今天 HH:mm,
 * 昨天 HH:mm, then YYYY-MM-DD HH:mm. Times in the future count as "just now" (clock skew).
 */
export function formatRelativeTime(time: string | number | Date, now: Date | number = Date.now()): string {
  const t = dayjs(time);
  const n = dayjs(now);
  if (!t.isValid()) return '';
  const diffMs = n.valueOf() - t.valueOf();
  if (diffMs < 60_000) return messages.justNow;
  if (diffMs < 3_600_000) return messages.minutesAgo(Math.floor(diffMs / 60_000));
  if (t.isSame(n, 'day')) return `${messages.today} ${t.format('HH:mm')}`;
  if (t.isSame(n.subtract(1, 'day'), 'day')) return `${messages.yesterday} ${t.format('HH:mm')}`;
  return t.format('YYYY-MM-DD HH:mm');
}

export function formatDate(time: string): string {
  const t = dayjs(time);
  return t.isValid() ? t.format('YYYY-MM-DD') : '';
}
