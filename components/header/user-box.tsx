'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { HeaderUser } from '@/app/[city]/auth/me/route';
import { messages } from '@/lib/client-messages';
import { loginPath } from '@/lib/return-path';
import { USER_CHANGED_EVENT, type UserChangedDetail } from '@/lib/user-changed';
import { LogoutButton } from './logout-button';

/** Where the header's user box asks who is looking (app/[city]/auth/me/route.ts). */
const WHO_AM_I = '/auth/me';

/**
 * The only part of the header that depends on the visitor (issue 6 §4): the server renders every page the same
 * for everyone, with 登录/注册 (the page cache serves that one render to all, issue 7); here the browser asks
 * who is looking and shows the name and 退出 instead. The login's return path is this page, read in the
 * browser: the cached render cannot know it.
 */
export function UserBox() {
  const [user, setUser] = useState<HeaderUser | null>(null);
  const [here, setHere] = useState('/');
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHere(`${window.location.pathname}${window.location.search}`);
    const controller = new AbortController();
    let changed = false;
    fetch(WHO_AM_I, { credentials: 'same-origin', cache: 'no-store', signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ user: HeaderUser | null }>) : { user: null }))
      // A change announced while this was on its way is newer than the answer.
      .then((body) => !changed && setUser(body.user))
      // A failed check leaves the visitor's view: login links (spec §7 swallows user-info failures).
      .catch(() => {});
    // The personal centre's profile form says when the name changes (lib/user-changed.ts).
    const onChanged = (e: Event) => {
      changed = true;
      setUser({ name: (e as CustomEvent<UserChangedDetail>).detail.name });
    };
    window.addEventListener(USER_CHANGED_EVENT, onChanged);
    return () => {
      controller.abort();
      window.removeEventListener(USER_CHANGED_EVENT, onChanged);
    };
  }, []);

  if (user) {
    return (
      <span className="user-box">
        <Link href="/personal/account" className="user-box__name">
          {user.name}
        </Link>
        <LogoutButton />
      </span>
    );
  }
  const login = here.startsWith('/login') ? '/login' : loginPath(here);
  return (
    <span className="user-box">
      <Link href={login}>{messages.login}</Link>
      <span className="divider">/</span>
      <Link href={login}>{messages.register}</Link>
    </span>
  );
}
