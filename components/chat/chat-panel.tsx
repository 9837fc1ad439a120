'use client';
import { useCallback, useEffect, useState } from 'react';
import { IM_ASSISTANT_USER_ID, IM_LAYOUT } from '@contracts/im-constants';
import { handleSessionError } from '@/lib/client/api';
import type { ChatOpenRequest } from '@/lib/chat/chat-events';
import { chatWidgetMessages } from '@/lib/chat/chat-messages';
import { messages } from '@/lib/client/messages';
import { alertMessages } from '@/lib/client/alert-messages';
import { ChatBar } from './chat-bar';
import { ChatDialog } from './chat-dialog';
import { ChatComposer } from './chat-composer';
import { Conversation } from './conversation';
import { ThreadList } from './thread-list';
import { useChat, usePageVisible } from './use-chat';
import { useChatSends } from './use-chat-sends';
import { useChatToast } from './use-chat-toast';
import { useConsultLinks } from './use-consult-links';
import { useReadThrottle } from './use-read-throttle';
import { UnreadBadge } from './unread-badge';

const M = { ...messages.chat, ...chatWidgetMessages };

/** spec §5 agent status: 2 left, anything else but 1 cannot be contacted. */
const statusText = (status: number) => (status === 2 ? messages.agentLeft : messages.agentUnreachable);

export interface ChatPanelProps {
  userId: number;
}

/**
 * The chat widget (spec §2): closed, it is the chat header with the unread badge (max 99); open, the list of
 * threads (newest first) or one conversation with every layout of spec §3 and the composer. Sending is blocked
 * unless the agent's status is 1 (spec §5); a refused send shows why (400002's text 3 s, error code 1's, the
 * agent's status); a failed one (push status 2) resends with a tap. An open, visible conversation is read.
 */
export function ChatPanel({ userId }: ChatPanelProps) {
  const { client, version, live } = useChat(userId);
  const visible = usePageVisible();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<number | null>(null);
  const [toast, showToast] = useChatToast();
  const { afterSend, sendContent, sendImages, uploading } = useChatSends(client, showToast);
  const [now, setNow] = useState(() => Date.now());

  const openThread = useCallback(
    (agentUserId: number) => {
      setCurrent(agentUserId);
      // The agent's card (and status) as it is now, and anything missed.
      void client?.sync(agentUserId).catch((err: unknown) => handleSessionError(err));
    },
    [client],
  );

  // 在线咨询: that agent's conversation, and the page's home as a card (the service answers an earlier card of 24 h).
  const consult = useCallback(
    ({ agentUserId, property }: ChatOpenRequest) => {
      if (!client) return;
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
    },
    [client, sendContent],
  );
  useConsultLinks(client !== null, consult);

  // Relative times move on while the widget is open.
  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [open, version]);

  useReadThrottle({ client, open, current, visible, version });

  if (!client) return null;
  const total = client.store.totalUnread();
  const store = client.store;
  const thread = current === null ? null : store.thread(current);
  const target = thread?.target ?? null;
  const threads = store.list().filter((t) => t.target && (t.messages.length > 0 || t.agentUserId === current));

  // The closed header stays under the open dialog: focus goes back to it when the dialog closes.
  return (
    <>
      <ChatBar unread={total} open={open} onClick={() => setOpen(true)} />
      {open && (
        <ChatDialog label={M.title} view={current} live={live} onClose={() => setOpen(false)}>
          <header className="chat-panel__head">
            {thread && (
              <button type="button" className="chat-panel__back" aria-label={M.back} onClick={() => setCurrent(null)}>
                ‹
              </button>
            )}
            <h2 className="chat-panel__title">
              {thread ? (target?.agentName ?? M.loading) : M.messagesTab}
              {thread && target && target.userId !== IM_ASSISTANT_USER_ID && (
                <small>
                  {target.brandName} · {target.branchName}
                </small>
              )}
              {!thread && total > 0 && <UnreadBadge count={total} />}
            </h2>
            {live !== 'open' && live !== 'paused' && <span className="chat-panel__live">{M.connecting}</span>}
            <button
              type="button"
              className="chat-panel__close"
              aria-label={messages.closeDialog}
              title={messages.closeDialog}
              onClick={() => setOpen(false)}
            >
              ×
            </button>
          </header>
          {thread === null || current === null ? (
            <ThreadList threads={threads} now={now} onOpen={openThread} />
          ) : (
            <>
              <Conversation
                thread={thread}
                target={target}
                now={now}
                version={version}
                onResend={(id) => void client.resend(current, id).then((f) => afterSend(client, current, id, f))}
                onAnswer={(requestId, agree) =>
                  void sendContent(current, { layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId, agree } })
                }
                onOpenAgent={openThread}
                agentOf={(id) => store.threads.get(id)?.target ?? null}
              />
              {target?.userId === IM_ASSISTANT_USER_ID ? (
                // 优居找房助手 only tells: nothing to write to it.
                <p className="chat-notice chat-notice--assistant">{alertMessages.alerts.assistantNote}</p>
              ) : target && target.status !== 1 ? (
                <p className="chat-notice" role="status">
                  {statusText(target.status)}
                </p>
              ) : (
                <ChatComposer
                  uploading={uploading}
                  onText={(text) => void sendContent(current, { layout: IM_LAYOUT.TEXT, msgDetail: text })}
                  onImages={(files) => void sendImages(current, files)}
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
        </ChatDialog>
      )}
    </>
  );
}
