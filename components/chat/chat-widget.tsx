'use client';
import { Component, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ResultCode } from '@contracts/envelope';
import { IM_LAYOUT, IM_TOO_MANY_IMAGES_CODE } from '@contracts/im-constants';
import { UPLOAD_MAX_MB } from '@contracts/constants';
import { handleSessionError } from '@/lib/api/browser';
import { defaultClientId, isSessionFailure, type ChatClient, type Failure } from '@/lib/chat/chat-client';
import type { ChatOpenRequest } from '@/lib/chat/chat-events';
import { CHAT_IMAGE_EXTENSIONS, checkImagePick, uploadChatImages, type ImagePickProblem } from '@/lib/chat/chat-images';
import { clearHistory } from '@/lib/chat/local-history';
import type { ChatThread } from '@/lib/chat/thread-store';
import { chatWidgetMessages } from '@/lib/chat/chat-messages';
import { messages } from '@/lib/client-messages';
import { formatRelativeTime } from '@/lib/relative-time';
import { ChatComposer } from './chat-composer';
import { ChatBar } from './chat-bar';
import { ChatMessageItem, previewOf } from './chat-message';
import { useChat, usePageVisible } from './use-chat';
import './chat.css';

const M = { ...messages.chat, ...chatWidgetMessages };
/** spec §9: 400002's text (and the other refusals) shows 3 s. */
export const CHAT_TOAST_MS = 3000;
/** spec §9 "read-scroll throttle 500/1000 ms": a read call 500 ms after there is something to read, at most one a second. */
export const READ_DELAY_MS = 500;
export const READ_INTERVAL_MS = 1000;
/** A time line above a message that comes more than 5 minutes after the one before. */
const TIME_GAP_MS = 5 * 60_000;

const pickProblemText: Record<ImagePickProblem, string> = {
  tooMany: M.tooManyImages,
  badFormat: messages.upload.badFormat(CHAT_IMAGE_EXTENSIONS.join('、')),
  tooLarge: messages.upload.tooLarge(UPLOAD_MAX_MB),
  empty: messages.hardening.emptyFile,
};

/** spec §5 agent status: 2 left, anything else but 1 cannot be contacted. */
const statusText = (status: number) => (status === 2 ? messages.agentLeft : messages.agentUnreachable);

function ThreadList({ threads, now, onOpen }: { threads: ChatThread[]; now: number; onOpen(agentUserId: number): void }) {
  if (threads.length === 0) return <p className="chat-empty">{M.empty}</p>;
  return (
    <ul className="chat-threads" aria-label={M.listTitle}>
      {threads.map((t) => {
        const last = t.messages.at(-1);
        const target = t.target;
        return (
          <li key={t.agentUserId}>
            <button type="button" className="chat-thread" onClick={() => onOpen(t.agentUserId)} data-agent={t.agentUserId}>
              {target && (
                // eslint-disable-next-line @next/next/no-img-element -- agent photo from the backend
                <img className="chat-thread__photo" src={target.agentPhoto} alt={target.agentName} width={44} height={44} />
              )}
              <span className="chat-thread__main">
                <span className="chat-thread__top">
                  <span className="chat-thread__name">{target?.agentName ?? ''}</span>
                  <span className="chat-thread__time">{last ? formatRelativeTime(last.createdAt, now) : ''}</span>
                </span>
                <span className="chat-thread__brand">{target ? `${target.brandName} · ${target.branchName}` : ''}</span>
                <span className="chat-thread__bottom">
                  <span className="chat-thread__preview">{previewOf(last)}</span>
                  {t.unRead > 0 && (
                    <span className="chat-badge" aria-label={M.unreadLabel(t.unRead)}>
                      {M.badge(t.unRead)}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** A 在线咨询 link's request (./consult-button.tsx): `data-chat-agent`, `data-chat-property="1:123"`. */
export function consultRequestOf(el: HTMLElement): ChatOpenRequest | null {
  const agentUserId = Number(el.dataset.chatAgent);
  const [type, id] = (el.dataset.chatProperty ?? '').split(':').map(Number);
  const property =
    (type === 1 || type === 2) && Number.isInteger(id) && id! > 0 ? { businessType: type as 1 | 2, listingId: id! } : undefined;
  return Number.isInteger(agentUserId) && agentUserId > 0 ? { agentUserId, property } : null;
}

export interface ChatWidgetProps {
  userId: number;
}

/**
 * The chat widget (spec §2): closed, it is the chat header with the unread badge (max 99); open, the list of
 * threads (newest first) or one conversation with every layout of spec §3 and the composer. Sending is blocked
 * unless the agent's status is 1 (spec §5); a refused send shows why (400002's text 3 s, error code 1's, the
 * agent's status); a failed one (push status 2) resends with a tap. An open, visible conversation is read.
 */
/**
 * Whatever goes wrong inside the widget stays inside it: the page goes on without the chat (the root error page
 * would take the whole page, and on every page after it, when the cause is in local history: probe W2). The
 * user's local history goes with it, so the next page starts clean.
 */
class ChatBoundary extends Component<{ userId: number; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    clearHistory(window.localStorage, this.props.userId);
    console.error('chat widget failed', error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function ChatWidget({ userId }: ChatWidgetProps) {
  return (
    <ChatBoundary userId={userId}>
      <ChatPanel userId={userId} />
    </ChatBoundary>
  );
}

function ChatPanel({ userId }: ChatWidgetProps) {
  const { client, version, live } = useChat(userId);
  const visible = usePageVisible();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<number | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const toastTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const showToast = useCallback((text: string) => {
    clearTimeout(toastTimer.current);
    setToast(text);
    toastTimer.current = setTimeout(() => setToast(null), CHAT_TOAST_MS);
  }, []);
  useEffect(() => () => clearTimeout(toastTimer.current), []);

  /** What a refused or failed send shows (spec §5, §8). */
  const afterSend = useCallback(
    (chat: ChatClient, agentUserId: number, clientMsgId: string, failure: Failure | null) => {
      if (!failure || isSessionFailure(failure)) return;
      if (failure.code === ResultCode.MESSAGE_REJECTED) {
        chat.store.drop(agentUserId, clientMsgId);
        showToast(failure.message || M.sensitive);
      } else if (failure.code === IM_TOO_MANY_IMAGES_CODE) {
        chat.store.drop(agentUserId, clientMsgId);
        showToast(M.tooManyImages);
      } else if (failure.message === messages.agentLeft || failure.message === messages.agentUnreachable) {
        // The agent's status changed since the thread was loaded: the composer gives way to the reason.
        void chat.sync(agentUserId).catch(() => {});
      }
    },
    [showToast],
  );

  const sendContent = useCallback(
    async (agentUserId: number, content: { layout: number } & Record<string, unknown>) => {
      if (!client) return;
      const clientMsgId = defaultClientId();
      afterSend(client, agentUserId, clientMsgId, await client.send(agentUserId, content, clientMsgId));
    },
    [client, afterSend],
  );

  const openThread = useCallback(
    (agentUserId: number) => {
      setCurrent(agentUserId);
      // The agent's card (and status) as it is now, and anything missed.
      void client?.sync(agentUserId).catch((err: unknown) => handleSessionError(err));
    },
    [client],
  );

  // 在线咨询 (./consult-button.tsx): instead of its link to login, that agent's conversation, and the page's home as a
  // card (the service answers an earlier card of 24 h).
  useEffect(() => {
    if (!client) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-chat-agent]') : null;
      const request = link && consultRequestOf(link);
      if (!request) return;
      e.preventDefault();
      const { agentUserId, property } = request;
      setOpen(true);
      setCurrent(agentUserId);
      void (async () => {
        try {
          await client.sync(agentUserId);
        } catch (err) {
          handleSessionError(err);
          return;
        }
        if (property && client.store.thread(agentUserId).target?.status === 1)
          await sendContent(agentUserId, { layout: IM_LAYOUT.PROPERTY, layoutDetail: property });
      })();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [client, sendContent]);

  // Relative times move on while the widget is open.
  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [open, version]);

  // spec §9: the open, visible conversation is read (500 ms after, at most once a second).
  const readState = useRef({ open, current, visible, timer: undefined as ReturnType<typeof setTimeout> | undefined, last: 0 });
  useEffect(() => {
    const r = readState.current;
    Object.assign(r, { open, current, visible });
    if (!client || !open || current === null || !visible || r.timer || client.store.unreadIds(current).length === 0) return;
    const wait = Math.max(READ_DELAY_MS, r.last + READ_INTERVAL_MS - Date.now());
    r.timer = setTimeout(() => {
      r.timer = undefined;
      if (!r.open || r.current === null || !r.visible) return;
      r.last = Date.now();
      void client.markRead(r.current);
    }, wait);
  }, [client, open, current, visible, version]);
  useEffect(() => () => clearTimeout(readState.current.timer), []);

  // The conversation keeps to its newest message unless the reader has scrolled up.
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [version, current, open]);
  useEffect(() => {
    stick.current = true;
  }, [current]);

  if (!client) return null;
  const total = client.store.totalUnread();
  if (!open) return <ChatBar unread={total} onClick={() => setOpen(true)} />;

  const store = client.store;
  const thread = current === null ? null : store.thread(current);
  const target = thread?.target ?? null;
  const threads = store.list().filter((t) => t.target && (t.messages.length > 0 || t.agentUserId === current));

  const onImages = async (files: File[]) => {
    if (current === null) return;
    const problem = checkImagePick(files);
    if (problem) {
      showToast(pickProblemText[problem]);
      return;
    }
    setUploading(true);
    try {
      const keys = await uploadChatImages(files);
      await sendContent(current, { layout: IM_LAYOUT.IMAGE, msgList: keys });
    } catch (err) {
      if (!handleSessionError(err))
        showToast(
          err instanceof Error && err.message === 'tooLarge'
            ? pickProblemText.tooLarge
            : err instanceof Error && err.message
              ? err.message
              : messages.upload.failed,
        );
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className="chat-panel" aria-label={M.title} data-live={live}>
      <header className="chat-panel__head">
        {thread && (
          <button type="button" className="chat-panel__back" aria-label={M.back} onClick={() => setCurrent(null)}>
            ‹
          </button>
        )}
        <h2 className="chat-panel__title">
          {thread ? (target?.agentName ?? M.loading) : M.messagesTab}
          {thread && target && (
            <small>
              {target.brandName} · {target.branchName}
            </small>
          )}
          {!thread && total > 0 && (
            <span className="chat-badge" aria-label={M.unreadLabel(total)}>
              {M.badge(total)}
            </span>
          )}
        </h2>
        {live !== 'open' && live !== 'paused' && <span className="chat-panel__live">{M.connecting}</span>}
        <button
          type="button"
          className="chat-panel__close"
          aria-label={M.collapse}
          title={M.collapse}
          onClick={() => setOpen(false)}
        >
          —
        </button>
      </header>
      {thread === null || current === null ? (
        <ThreadList threads={threads} now={now} onOpen={openThread} />
      ) : (
        <>
          <ol
            ref={list}
            className="chat-messages"
            onScroll={(e) => {
              const el = e.currentTarget;
              stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
            }}
          >
            {thread.messages.length === 0 && <li className="chat-empty">{M.noMessages}</li>}
            {thread.messages.map((m, i) => {
              const before = thread.messages[i - 1];
              const showTime = !before || new Date(m.createdAt).getTime() - new Date(before.createdAt).getTime() > TIME_GAP_MS;
              return [
                showTime && (
                  <li key={`t-${m.messageId || m.clientMsgId}`} className="chat-time">
                    {formatRelativeTime(m.createdAt, now)}
                  </li>
                ),
                <ChatMessageItem
                  key={m.messageId ? `m-${m.messageId}` : `c-${m.clientMsgId}`}
                  message={m}
                  thread={thread.messages}
                  target={target}
                  onResend={(id) => void client.resend(current, id).then((f) => afterSend(client, current, id, f))}
                  onAnswer={(requestId, agree) =>
                    void sendContent(current, { layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId, agree } })
                  }
                  onOpenAgent={openThread}
                  agentOf={(id) => store.threads.get(id)?.target ?? null}
                />,
              ];
            })}
          </ol>
          {target && target.status !== 1 ? (
            <p className="chat-notice" role="status">
              {statusText(target.status)}
            </p>
          ) : (
            <ChatComposer
              uploading={uploading}
              onText={(text) => void sendContent(current, { layout: IM_LAYOUT.TEXT, msgDetail: text })}
              onImages={(files) => void onImages(files)}
              onPhoneRequest={() => void sendContent(current, { layout: IM_LAYOUT.PHONE_REQUEST })}
            />
          )}
        </>
      )}
      {toast && (
        <div className="chat-toast" role="alert">
          {toast}
        </div>
      )}
    </section>
  );
}
