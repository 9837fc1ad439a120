'use client';
import { useSyncExternalStore } from 'react';
import { formatDateTimeIn, formatRelativeTime } from '@/lib/relative-time';
import './review.css';

/** The zone a page is written in before the browser takes over: the portal's cities are all in it. */
const PAGE_TIME_ZONE = 'Asia/Shanghai';
const TICK_MS = 30_000;

const subscribe = (onChange: () => void) => {
  const timer = setInterval(onChange, TICK_MS);
  return () => clearInterval(timer);
};
// A stable value between ticks (useSyncExternalStore compares snapshots).
const tickNow = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;
const onServer = () => null;

/**
 * A review's time in spec §9's relative form (刚刚, {n}分钟前, 今天 HH:mm …), written in the browser: the 点评 page
 * is rendered once and served from the page cache to everyone for up to 50 s (longer while nobody visits), so a
 * time made relative on the server would be wrong by then. The server writes the date and time (Beijing time);
 * the browser replaces it after hydration and keeps it current every 30 s.
 */
export function ReviewTime({ iso }: { iso: string }) {
  const now = useSyncExternalStore(subscribe, tickNow, onServer);
  return (
    <time className="review__time" dateTime={iso}>
      {now === null ? formatDateTimeIn(iso, PAGE_TIME_ZONE) : formatRelativeTime(iso, now)}
    </time>
  );
}
