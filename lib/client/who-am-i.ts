'use client';
import type { HeaderUser } from '@/lib/header-user';

/** Where the browser asks who is looking (app/(desktop)/[city]/auth/me/route.ts). */
export const WHO_AM_I = '/auth/me';

let asked: Promise<HeaderUser | null> | null = null;

/**
 * Who is looking, asked once per page load and shared by the header's user box, the chat dock and 在线咨询 (pages
 * are one cached render for everyone, so the browser asks). Login and logout both load the page afresh,
 * so the answer holds for the page's life. A failed check is a visitor (spec §7 swallows user-info failures).
 */
export function whoAmI(): Promise<HeaderUser | null> {
  asked ??= fetch(WHO_AM_I, { credentials: 'same-origin', cache: 'no-store' })
    .then((res) => (res.ok ? (res.json() as Promise<{ user: HeaderUser | null }>) : { user: null }))
    .then((body) => body.user ?? null)
    .catch(() => null);
  return asked;
}
