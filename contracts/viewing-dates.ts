/**
 * 预约看房 dates, zod-free so the browser's dialog uses the same rule as the backend: a date is a
 * calendar day `YYYY-MM-DD` in Asia/Shanghai, from today to today + VIEWING_MAX_DAYS_AHEAD.
 */

/** The furthest day a viewing may be booked for, in days from today (Asia/Shanghai). */
export const VIEWING_MAX_DAYS_AHEAD = 30;
/** Days the booking dialog offers as chips, today first. */
export const VIEWING_DIALOG_DAYS = 14;

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** Today in Asia/Shanghai (UTC+8, no daylight saving) as `YYYY-MM-DD`, plus `days`. */
export function shanghaiDay(days = 0, now: number = Date.now()): string {
  return new Date(now + SHANGHAI_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** True for a real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** True when `day` may be booked now: today to today + VIEWING_MAX_DAYS_AHEAD (strings of one form compare as dates). */
export function isBookableDay(day: string, now: number = Date.now()): boolean {
  return isCalendarDay(day) && day >= shanghaiDay(0, now) && day <= shanghaiDay(VIEWING_MAX_DAYS_AHEAD, now);
}
