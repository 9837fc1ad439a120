'use client';
import { useEffect, useState } from 'react';
import type { HeaderUser } from '@/lib/header-user';
import { USER_CHANGED_EVENT, type UserChangedDetail } from '@/lib/client/user-changed';

/** Where the browser asks who is looking (app/[city]/auth/me/route.ts). */
const WHO_AM_I = '/auth/me';

let asked: Promise<HeaderUser | null> | null = null;

/**
 * Who is looking, asked once per page load and shared by the header's user box, the chat dock and 在线咨询 (pages
 * are one cached render for everyone, issue 7, so the browser asks). Login and logout both load the page afresh,
 * so the answer holds for the page's life. A failed check is a visitor (spec §7 swallows user-info failures).
 */
export function whoAmI(): Promise<HeaderUser | null> {
  asked ??= fetch(WHO_AM_I, { credentials: 'same-origin', cache: 'no-store' })
    .then((res) => (res.ok ? (res.json() as Promise<{ user: HeaderUser | null }>) : { user: null }))
    .then((body) => body.user ?? null)
    .catch(() => null);
  return asked;
}

/**
 * The user for a client island: `undefined` while the answer is on its way, then the user or null. A name change
 * announced by the profile form (lib/client/user-changed.ts) shows at once, and wins over an answer still on its way.
 */
export function useCurrentUser(): HeaderUser | null | undefined {
  const [user, setUser] = useState<HeaderUser | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let renamed: string | null = null;
    void whoAmI().then((answer) => {
      if (live) setUser(answer && renamed !== null ? { ...answer, name: renamed } : answer);
    });
    const onChanged = (e: Event) => {
      renamed = (e as CustomEvent<UserChangedDetail>).detail.name;
      setUser((now) => (now ? { ...now, name: renamed! } : now));
    };
    window.addEventListener(USER_CHANGED_EVENT, onChanged);
    return () => {
      live = false;
      window.removeEventListener(USER_CHANGED_EVENT, onChanged);
    };
  }, []);
  return user;
}
