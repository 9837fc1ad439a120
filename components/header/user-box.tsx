'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { messages } from '@/lib/client-messages';
import { loginPath } from '@/lib/return-path';
import { useCurrentUser } from './current-user';
import { LogoutButton } from './logout-button';

/**
 * The only part of the header that depends on the visitor (issue 6 §4): the server renders every page the same
 * for everyone, with 登录/注册 (the page cache serves that one render to all, issue 7); here the browser asks
 * who is looking (./current-user.ts, shared with the chat dock) and shows the name and 退出 instead. The login's
 * return path is this page, read in the browser: the cached render cannot know it.
 */
export function UserBox() {
  const user = useCurrentUser();
  const [here, setHere] = useState('/');
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHere(`${window.location.pathname}${window.location.search}`);
  }, []);

  if (user) {
    return (
      <span className="user-box">
        <Link href="/personal/account" className="user-box__name">
          {user.name}
        </Link>
        <LogoutButton userId={user.userId} />
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
