'use client';
import Link from 'next/link';
import { ChatDock } from '@/components/chat/chat-dock';
import { useEffect, useState } from 'react';
import { messages } from '@/lib/client/messages';
import { loginPath } from '@/lib/return-path';
import { useCurrentUser } from '@/lib/swr/use-current-user';
import { LogoutButton } from './logout-button';

/**
 * The only part of the header that depends on the visitor (pages never read the session while rendering): the server renders every page the same
 * for everyone, with 登录/注册 held hidden (the page cache serves that one render to all); here the browser asks
 * who is looking (./current-user.ts) and shows the name and 退出 instead, and the chat dock with it. The login's
 * return path is this page, read in the browser: the cached render cannot know it.
 */
export function UserBox() {
  const user = useCurrentUser();
  const [here, setHere] = useState('/');
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHere(`${window.location.pathname}${window.location.search}`);
  }, []);

  // The chat dock depends on the same answer (spec §4: the widget only when a userId exists); it renders into the
  // place the layout keeps for it, if the layout has one.
  const dock = <ChatDock user={user} />;
  if (user) {
    return (
      <span className="user-box">
        <Link href="/personal/account" className="user-box__name">
          {user.name}
        </Link>
        <LogoutButton userId={user.userId} />
        {dock}
      </span>
    );
  }
  const login = here.startsWith('/login') ? '/login' : loginPath(here);
  // Until the answer comes (and in the one render the server makes for everyone) 登录/注册 keep their place but are not
  // shown: a logged-in user, above all on a personal page, would otherwise see them flash before the name. A browser
  // without scripts shows them (app/(desktop)/layout.tsx).
  return (
    <span className={user === undefined ? 'user-box user-box--pending' : 'user-box'}>
      <Link href={login}>{messages.login}</Link>
      <span className="divider">/</span>
      <Link href={login}>{messages.register}</Link>
      {dock}
    </span>
  );
}
