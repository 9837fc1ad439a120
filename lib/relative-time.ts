import { messages } from './client/messages';

/**
 * spec §9 relative time (copy.md): under 1 minute 刚刚, under 1 hour {n}分钟前, then 今天 HH:mm, 昨天 HH:mm, then
 * YYYY-MM-DD HH:mm, in the reader's time zone. Times in the future count as "just now" (clock skew). Free of
 * dayjs and of the server catalogue, so a client island (components/project/review-time.tsx) can write it in
 * the browser: a cached page's "刚刚" would be wrong a minute later.
 */
export function formatRelativeTime(time: string | number | Date, now: Date | number = Date.now()): string {
  const t = new Date(time);
  const n = new Date(now);
  if (Number.isNaN(t.getTime())) return '';
  const diffMs = n.getTime() - t.getTime();
  if (diffMs < 60_000) return messages.justNow;
  if (diffMs < 3_600_000) return messages.minutesAgo(Math.floor(diffMs / 60_000));
  const yesterday = new Date(n.getFullYear(), n.getMonth(), n.getDate() - 1);
  if (sameDay(t, n)) return `${messages.today} ${clock(t)}`;
  if (sameDay(t, yesterday)) return `${messages.yesterday} ${clock(t)}`;
  return formatDateTime(t);
}

/** `2026-03-18 14:05` in the local time zone. */
export function formatDateTime(time: string | number | Date): string {
  const t = new Date(time);
  if (Number.isNaN(t.getTime())) return '';
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${clock(t)}`;
}

/**
 * `2026-03-18 14:05` in a given time zone: what a cached page shows before the browser writes the relative form.
 * The server and the browser's first render must agree on it (React compares them), whatever zone each runs in.
 */
export function formatDateTimeIn(time: string | number | Date, timeZone: string): string {
  const t = new Date(time);
  if (Number.isNaN(t.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(t)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (t: Date) => `${pad(t.getHours())}:${pad(t.getMinutes())}`;
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
