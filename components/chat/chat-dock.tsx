'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { HeaderUser } from '@/lib/header-user';
import { CHAT_DOCK_ID } from '@/lib/chat/chat-dock-place';
import { messages } from '@/lib/client/messages';
import { loginPath } from '@/lib/return-path';
import './chat-dock.css';

// The widget's code loads only for a logged-in user, so a visitor's first load carries none of it.
const ChatWidget = lazy(() => import('./chat-widget').then((m) => ({ default: m.ChatWidget })));

const here = () => `${window.location.pathname}${window.location.search}`;

export interface ChatDockProps {
  /** Who is looking (lib/client/who-am-i.ts): undefined while the answer is on its way. */
  user: HeaderUser | null | undefined;
}

/**
 * spec §2 "Chat widget" at the bottom right of the layouts that keep a place for it (default and index:
 * components/layout/site-shell.tsx); spec §4: shown only when a userId exists. Pages are one cached render for
 * everyone (the page cache), so the header's user box, which already asks who is looking, renders this into that place:
 * a visitor gets the closed chat header (在线咨询 · 消息), whose click goes to login with this page as the return
 * path (spec §6); a logged-in user gets the widget, loaded now.
 */
export function ChatDock({ user }: ChatDockProps) {
  const [place, setPlace] = useState<HTMLElement | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPlace(document.getElementById(CHAT_DOCK_ID));
  }, []);
  // Nobody logged in: no one's chat stays in this browser (a session that expired, a tab closed without 退出). The
  // history's code loads for this only (every visitor's first load stays without it).
  useEffect(() => {
    if (user === null)
      void import('@/lib/chat/local-history').then(
        ({ clearOtherHistories }) => clearOtherHistories(window.localStorage, null),
        () => {},
      );
  }, [user]);
  if (!place || user === undefined) return null;
  return createPortal(
    user === null ? (
      <a className="chat-bar" href={loginPath(here())}>
        <span className="chat-bar__title">{messages.chat.title}</span>
        <span className="chat-bar__tab">{messages.chat.messagesTab}</span>
      </a>
    ) : (
      <Suspense fallback={null}>
        <ChatWidget userId={user.userId} />
      </Suspense>
    ),
    place,
  );
}
