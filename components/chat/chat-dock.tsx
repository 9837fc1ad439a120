'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '@/components/header/current-user';
import { CHAT_OPEN_EVENT, type ChatOpenRequest } from '@/lib/chat/chat-events';
import { loginPath } from '@/lib/return-path';
import { ChatBar } from './chat-bar';
import './chat-dock.css';

// issue 10: the widget's code loads only for a logged-in user (a visitor's first load stays as it was).
const ChatWidget = lazy(() => import('./chat-widget').then((m) => ({ default: m.ChatWidget })));

/** An open request with a number, so that the same agent asked twice opens twice. */
export interface ChatDockRequest {
  n: number;
  request: ChatOpenRequest;
}

/**
 * spec §2 "Chat widget" at the bottom right of the default and index layouts; spec §4: shown only when a userId
 * exists. Pages are one cached render for everyone (issue 7), so who is looking is read here, in the browser:
 * a visitor gets the closed chat header, whose click goes to login with this page as the return path (spec §6);
 * a logged-in user gets the widget, loaded now. 在线咨询 buttons (./consult-button.tsx) ask through a window event.
 */
export function ChatDock() {
  const user = useCurrentUser();
  const [here, setHere] = useState('/');
  const [request, setRequest] = useState<ChatDockRequest | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHere(`${window.location.pathname}${window.location.search}`);
    let n = 0;
    const onOpen = (e: Event) => setRequest({ n: ++n, request: (e as CustomEvent<ChatOpenRequest>).detail });
    window.addEventListener(CHAT_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(CHAT_OPEN_EVENT, onOpen);
  }, []);

  if (user === undefined) return null;
  if (user === null) {
    return (
      <div className="chat-dock">
        <ChatBar href={loginPath(here)} />
      </div>
    );
  }
  return (
    <div className="chat-dock">
      <Suspense fallback={<ChatBar />}>
        <ChatWidget userId={user.userId} request={request} />
      </Suspense>
    </div>
  );
}
