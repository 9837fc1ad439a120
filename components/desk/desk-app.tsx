'use client';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { DeskAgent, DeskListing, DeskThread, ImMessage, ImPhoneReply } from '@contracts/im';
import { IM_LAYOUT, IM_TEXT_MAX, trimLineBreaks } from '@contracts/im-constants';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '@contracts/constants';
import { useCity } from '@/components/city/city-context';
import { messages as clientMessages } from '@/lib/client-messages';
import { formatRelativeTime } from '@/lib/relative-time';
import { contiguousSeq } from '@/lib/chat/contiguous-seq';
import { DeskCallError, deskApi, deskSocketUrl } from './desk-api';
import { DeskMessage } from './desk-message';
import styles from './desk.module.css';

/** The desk's strings (lib/messages.ts `desk`), handed down by the server page. */
export type DeskCopy = Readonly<
  Record<
    | 'title'
    | 'loginTitle'
    | 'loginIntro'
    | 'tokenLabel'
    | 'tokenPlaceholder'
    | 'loginButton'
    | 'loggingIn'
    | 'logout'
    | 'sessionEnded'
    | 'conversations'
    | 'emptyList'
    | 'emptyListHint'
    | 'pickConversation'
    | 'noMessages'
    | 'connected'
    | 'reconnecting'
    | 'placeholder'
    | 'send'
    | 'counter'
    | 'image'
    | 'sendListing'
    | 'sendCard'
    | 'requestPhone'
    | 'pickListing'
    | 'noListings'
    | 'close'
    | 'uploading'
    | 'autoReply'
    | 'phoneRequestFromUser'
    | 'phoneRequestFromMe'
    | 'waiting'
    | 'agree'
    | 'refuse'
    | 'agreed'
    | 'refused'
    | 'phoneOf'
    | 'agentCard'
    | 'imageAlt'
    | 'unreadMore'
    | 'networkError'
    | 'imageFormats'
    | 'listing',
    string
  >
>;

/** spec §4: reconnect 3 s after the socket drops. */
const RECONNECT_MS = 3_000;
/** Close codes after which the desk is over (logout 4001, token revoked or expired, agent left 4003). */
const ENDED_CLOSES = new Set([4001, 4003]);

/** spec §5: leading and trailing line breaks do not count; blank is not sent. */
/** spec §9: the unread badge shows at most 99. */
const badge = (n: number, more: string) => (n > 99 ? more : String(n));
/** Which user a message belongs to, seen from the desk. */
const userOf = (m: ImMessage) => (m.fromUser ? m.senderId : m.receiverId);

function merge(list: readonly ImMessage[], more: readonly ImMessage[]): ImMessage[] {
  // spec §5: a message seen twice (socket and history) is kept once, by id.
  const byId = new Map(list.map((m) => [m.messageId, m]));
  for (const m of more) byId.set(m.messageId, m);
  return [...byId.values()].sort((x, y) => x.seq - y.seq);
}

function preview(m: ImMessage | null, copy: DeskCopy): string {
  if (!m) return '';
  const c = m.content as Record<string, unknown>;
  switch (m.layout) {
    case IM_LAYOUT.TEXT:
      return String(c.msgDetail ?? '');
    case IM_LAYOUT.IMAGE:
      return `[${copy.image}]`;
    case IM_LAYOUT.PROPERTY:
      return `[${copy.listing}] ${String((c.layoutDetail as { title?: string } | undefined)?.title ?? '')}`;
    case IM_LAYOUT.PHONE_REQUEST:
      return `[${copy.requestPhone}]`;
    case IM_LAYOUT.PHONE_REPLY:
      return `[${(c.layoutDetail as { agree?: boolean } | undefined)?.agree ? copy.agreed : copy.refused}]`;
    case IM_LAYOUT.AGENT_CARD:
      return `[${copy.agentCard}]`;
    default:
      return '';
  }
}

export function DeskApp({ copy }: { copy: DeskCopy }) {
  const [phase, setPhase] = useState<'checking' | 'login' | 'desk'>('checking');
  const [agent, setAgent] = useState<DeskAgent | null>(null);
  const [loginError, setLoginError] = useState('');

  useEffect(() => {
    deskApi.me().then(
      (me) => {
        setAgent(me);
        setPhase('desk');
      },
      () => setPhase('login'),
    );
  }, []);

  const ended = useCallback((why: string) => {
    setAgent(null);
    setLoginError(why);
    setPhase('login');
  }, []);

  if (phase === 'checking') return <main className={styles.shell} aria-busy="true" />;
  if (phase === 'login' || !agent) {
    return (
      <DeskLogin
        copy={copy}
        error={loginError}
        onLogin={(me) => {
          setLoginError('');
          setAgent(me);
          setPhase('desk');
        }}
      />
    );
  }
  return <DeskWorkbench copy={copy} agent={agent} onEnded={ended} />;
}

function DeskLogin({ copy, error, onLogin }: { copy: DeskCopy; error: string; onLogin: (agent: DeskAgent) => void }) {
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const shown = failure || error;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token.trim() || busy) return;
    setBusy(true);
    setFailure('');
    try {
      onLogin(await deskApi.login(token.trim()));
    } catch (err) {
      setFailure((err instanceof DeskCallError && err.message) || copy.networkError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className={styles.loginShell}>
      {/* POST: should the form ever be sent before the page is live, the token is not put in the address. */}
      <form className={styles.loginBox} onSubmit={submit} method="post">
        <h1 className={styles.loginBrand}>
          <span className="logo__mark">优</span> {copy.title}
        </h1>
        <h2 className={styles.loginTitle}>{copy.loginTitle}</h2>
        <p className={styles.loginIntro}>{copy.loginIntro}</p>
        <label className={styles.field}>
          <span>{copy.tokenLabel}</span>
          <input
            name="token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            placeholder={copy.tokenPlaceholder}
            onChange={(e) => setToken(e.target.value)}
            maxLength={200}
          />
        </label>
        {shown && (
          <p className={styles.error} role="alert">
            {shown}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy || !token.trim()}>
          {busy ? copy.loggingIn : copy.loginButton}
        </button>
      </form>
    </main>
  );
}

interface WorkbenchProps {
  copy: DeskCopy;
  agent: DeskAgent;
  onEnded: (why: string) => void;
}

function DeskWorkbench({ copy, agent, onEnded }: WorkbenchProps) {
  const city = useCity();
  const [threads, setThreads] = useState<DeskThread[] | null>(null);
  const [openUser, setOpenUser] = useState<number | null>(null);
  const [byUser, setByUser] = useState<Record<number, ImMessage[]>>({});
  const [online, setOnline] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState<DeskListing[] | null>(null);
  const openRef = useRef<number | null>(null);
  // spec §9 relative times (刚刚, n分钟前 …) are written again every minute.
  const [, setMinute] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setMinute((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  const byUserRef = useRef(byUser);
  const threadsRef = useRef(threads);
  // The socket's handlers read the latest state through these (they are set up once per connection).
  useEffect(() => {
    byUserRef.current = byUser;
    threadsRef.current = threads;
    openRef.current = openUser;
  }, [byUser, threads, openUser]);

  const fail = useCallback(
    (err: unknown) => {
      if (err instanceof DeskCallError && err.status === 401) return onEnded(err.message || copy.sessionEnded);
      setError((err instanceof DeskCallError && err.message) || copy.networkError);
    },
    [copy, onEnded],
  );

  const loadThreads = useCallback(() => deskApi.conversations().then(setThreads, fail), [fail]);

  const markRead = useCallback(
    (userId: number, list: readonly ImMessage[]) => {
      const ids = list.filter((m) => m.fromUser && !m.readAt).map((m) => m.messageId);
      if (ids.length === 0) return;
      const readAt = new Date().toISOString();
      deskApi.read(ids.slice(-100)).then(() => {
        setByUser((all) => ({
          ...all,
          [userId]: (all[userId] ?? []).map((m) => (ids.includes(m.messageId) ? { ...m, readAt } : m)),
        }));
        setThreads((ts) => ts?.map((t) => (t.user.userId === userId ? { ...t, unRead: 0 } : t)) ?? ts);
      }, fail);
    },
    [fail],
  );

  /** What the open conversation missed after the last seq it holds (a reconnect, a send while the socket was away). */
  const syncConversation = useCallback(
    async (userId: number) => {
      const held = byUserRef.current[userId] ?? [];
      try {
        const more = await deskApi.historyAfter(userId, contiguousSeq(held));
        const merged = merge(byUserRef.current[userId] ?? [], more);
        byUserRef.current = { ...byUserRef.current, [userId]: merged };
        setByUser((all) => ({ ...all, [userId]: merge(all[userId] ?? [], more) }));
        if (openRef.current === userId) markRead(userId, merged);
      } catch (err) {
        fail(err);
      }
    },
    [fail, markRead],
  );

  const receive = useCallback(
    (m: ImMessage) => {
      const userId = userOf(m);
      const held = byUserRef.current[userId];
      const seen = (held ?? []).some((x) => x.messageId === m.messageId);
      setByUser((all) => (all[userId] ? { ...all, [userId]: merge(all[userId]!, [m]) } : all));
      // A conversation on screen that this push leaves a hole in: fetch what is missing.
      if (held && !seen && m.seq > contiguousSeq(held) + 1) void syncConversation(userId);
      if (!threadsRef.current?.some((t) => t.user.userId === userId)) {
        // A user writing for the first time: the list from the server has them with their name.
        void loadThreads();
        return;
      }
      const counted = m.fromUser && !seen && openRef.current !== userId;
      setThreads((ts) => {
        const known = ts?.find((t) => t.user.userId === userId);
        if (!ts || !known) return ts;
        const updated = {
          ...known,
          lastMessage: m.seq >= known.lastSeq ? m : known.lastMessage,
          lastSeq: Math.max(known.lastSeq, m.seq),
          unRead: known.unRead + (counted ? 1 : 0),
        };
        return [updated, ...ts.filter((t) => t !== known)];
      });
      if (openRef.current === userId && m.fromUser) markRead(userId, [m]);
    },
    [loadThreads, markRead, syncConversation],
  );

  // The live socket: reconnects 3 s after a drop and catches up from history; ends the desk on 4001/4003.
  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(deskSocketUrl());
      socket.onopen = () => {
        setOnline(true);
        void loadThreads();
        if (openRef.current !== null) void syncConversation(openRef.current);
      };
      socket.onmessage = (event) => {
        try {
          const frame = JSON.parse(String(event.data)) as { messageType: number; messageContent?: string };
          if (frame.messageType === 1 && frame.messageContent) receive(JSON.parse(frame.messageContent) as ImMessage);
          else if (frame.messageType === 0) socket?.send(JSON.stringify({ messageType: 0, content: 'Ping' }));
        } catch {
          // Not a frame of ours: ignored.
        }
      };
      socket.onclose = (event) => {
        setOnline(false);
        if (stopped) return;
        if (ENDED_CLOSES.has(event.code)) return onEnded(copy.sessionEnded);
        timer = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [copy, loadThreads, onEnded, receive, syncConversation]);

  const open = (userId: number) => {
    setOpenUser(userId);
    setError('');
    openRef.current = userId;
    void syncConversation(userId);
  };

  const send = async (content: object): Promise<boolean> => {
    if (openUser === null) return false;
    setBusy(true);
    setError('');
    try {
      await deskApi.send(openUser, content);
      await syncConversation(openUser);
      return true;
    } catch (err) {
      fail(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const logout = async () => {
    try {
      await deskApi.logout();
    } catch {
      // The cookie is gone or the network is: the desk closes either way.
    }
    onEnded('');
  };

  const cityOrigin = (cityDomain: string) => `${city.protocol}://${cityDomain}.${city.rootDomain}`;
  const messages = useMemo(() => (openUser === null ? [] : (byUser[openUser] ?? [])), [byUser, openUser]);
  const replies = useMemo(() => {
    const map = new Map<number, ImPhoneReply>();
    for (const m of messages)
      if (m.layout === IM_LAYOUT.PHONE_REPLY) {
        const detail = (m.content as { layoutDetail?: ImPhoneReply }).layoutDetail;
        if (detail) map.set(detail.requestId, detail);
      }
    return map;
  }, [messages]);
  const openThread = threads?.find((t) => t.user.userId === openUser);

  return (
    <main className={styles.shell}>
      <header className={styles.top}>
        <h1 className={styles.brand}>
          <span className="logo__mark">优</span> {copy.title}
        </h1>
        <span className={online ? styles.online : styles.offline} role="status">
          {online ? copy.connected : copy.reconnecting}
        </span>
        <span className={styles.me}>
          {/* eslint-disable-next-line @next/next/no-img-element -- the agent's photo from the portal's store */}
          <img src={agent.agentPhoto} alt="" className={styles.avatarSmall} />
          {agent.agentName} · {agent.brandName} · {agent.cityName}
        </span>
        <button type="button" className="btn" onClick={logout}>
          {copy.logout}
        </button>
      </header>
      <div className={styles.body}>
        <aside className={styles.threads} aria-label={copy.conversations}>
          <h2 className={styles.threadsTitle}>{copy.conversations}</h2>
          {threads && threads.length === 0 && (
            <div className={styles.empty}>
              <p>{copy.emptyList}</p>
              <p className={styles.hint}>{copy.emptyListHint}</p>
            </div>
          )}
          <ul className={styles.threadList}>
            {threads?.map((t) => (
              <li key={t.conversationId}>
                <button
                  type="button"
                  className={`${styles.thread} ${t.user.userId === openUser ? styles.threadOpen : ''}`}
                  onClick={() => open(t.user.userId)}
                  data-user-id={t.user.userId}
                >
                  {t.user.avatarUrl ? (
                    // eslint-disable-next-line @next/next/no-img-element -- the user's avatar from the portal's store
                    <img src={t.user.avatarUrl} alt="" className={styles.avatar} />
                  ) : (
                    <span className={styles.avatarBlank}>{t.user.userName.slice(0, 1)}</span>
                  )}
                  <span className={styles.threadMain}>
                    <span className={styles.threadName}>{t.user.userName}</span>
                    <span className={styles.threadPreview}>{preview(t.lastMessage, copy)}</span>
                  </span>
                  <span className={styles.threadSide}>
                    <time className={styles.time}>{t.lastMessage ? formatRelativeTime(t.lastMessage.createdAt) : ''}</time>
                    {t.unRead > 0 && (
                      <span className={styles.badge} aria-label={`${t.unRead}`}>
                        {badge(t.unRead, copy.unreadMore)}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <section className={styles.conversation}>
          {error && (
            <p className={styles.error} role="alert">
              {error}
              <button type="button" className="link-button" onClick={() => setError('')} aria-label={copy.close}>
                ×
              </button>
            </p>
          )}
          {openUser === null ? (
            <p className={styles.pick}>{copy.pickConversation}</p>
          ) : (
            <>
              <h2 className={styles.conversationTitle}>{openThread?.user.userName}</h2>
              <MessageList
                key={openUser}
                messages={messages}
                render={(m) => (
                  <DeskMessage
                    key={m.messageId}
                    message={m}
                    copy={copy}
                    agent={agent}
                    reply={m.layout === IM_LAYOUT.PHONE_REQUEST ? replies.get(m.messageId) : undefined}
                    busy={busy}
                    onAnswer={(requestId, agree) =>
                      void send({ layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId, agree } })
                    }
                    cityOrigin={cityOrigin}
                  />
                )}
                empty={copy.noMessages}
              />
              <Composer
                copy={copy}
                busy={busy}
                onSend={(text) => send({ layout: IM_LAYOUT.TEXT, msgDetail: text })}
                onImage={async (file) => {
                  setBusy(true);
                  setError('');
                  try {
                    const image = await deskApi.image(file);
                    setBusy(false);
                    await send({ layout: IM_LAYOUT.IMAGE, msgList: [image.key] });
                  } catch (err) {
                    fail(err);
                    setBusy(false);
                  }
                }}
                onRefuseImage={setError}
                onPickListing={() => deskApi.listings().then(setPicker, fail)}
                onCard={() => void send({ layout: IM_LAYOUT.AGENT_CARD, layoutDetail: { agentUserId: agent.userId } })}
                onPhone={() => void send({ layout: IM_LAYOUT.PHONE_REQUEST })}
              />
            </>
          )}
        </section>
      </div>
      {picker && (
        <div className={styles.overlay} role="dialog" aria-modal="true" aria-label={copy.pickListing}>
          <div className={styles.dialog}>
            <header className={styles.dialogHead}>
              <h3>{copy.pickListing}</h3>
              <button type="button" className="link-button" onClick={() => setPicker(null)}>
                {copy.close}
              </button>
            </header>
            {picker.length === 0 && <p className={styles.empty}>{copy.noListings}</p>}
            <ul className={styles.listingList}>
              {picker.map((l) => (
                <li key={`${l.businessType}-${l.listingId}`}>
                  <button
                    type="button"
                    className={styles.listing}
                    disabled={busy}
                    onClick={async () => {
                      if (
                        await send({
                          layout: IM_LAYOUT.PROPERTY,
                          layoutDetail: { businessType: l.businessType, listingId: l.listingId },
                        })
                      )
                        setPicker(null);
                    }}
                  >
                    {/* eslint-disable-next-line @next/next/no-img-element -- the listing's cover from the portal's store */}
                    <img src={l.coverUrl} alt="" className={styles.listingCover} />
                    <span className={styles.cardBody}>
                      <span className={styles.cardTitle}>{l.title}</span>
                      <span className={styles.cardLayout}>
                        {clientMessages.channelNames[l.businessType === 1 ? 'esf' : 'rent']} · {l.layoutText}
                      </span>
                      <span className={styles.cardPrice}>{l.priceText}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </main>
  );
}

function MessageList({ messages, render, empty }: { messages: ImMessage[]; render: (m: ImMessage) => ReactNode; empty: string }) {
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.messageId;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last]);
  return (
    <ol className={styles.messages} aria-live="polite">
      {messages.length === 0 && <li className={styles.pick}>{empty}</li>}
      {messages.map(render)}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}

interface ComposerProps {
  copy: DeskCopy;
  busy: boolean;
  onSend: (text: string) => Promise<boolean>;
  onImage: (file: File) => void;
  onRefuseImage: (message: string) => void;
  onPickListing: () => void;
  onCard: () => void;
  onPhone: () => void;
}

function Composer({ copy, busy, onSend, onImage, onRefuseImage, onPickListing, onCard, onPhone }: ComposerProps) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const trimmed = trimLineBreaks(text);
  const length = [...trimmed].length;
  const sendable = trimmed.trim() !== '' && length <= IM_TEXT_MAX && !busy;

  const submit = async () => {
    if (!sendable) return;
    if (await onSend(trimmed)) setText('');
  };

  // spec §5: Enter sends; Alt, Ctrl or Shift with Enter makes a new line (Shift does by itself in a textarea).
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if (e.shiftKey) return;
    e.preventDefault();
    if (e.altKey || e.ctrlKey || e.metaKey) {
      const el = e.currentTarget;
      const at = el.selectionStart;
      const next = `${text.slice(0, at)}\n${text.slice(el.selectionEnd)}`;
      setText(next);
      requestAnimationFrame(() => {
        el.selectionStart = el.selectionEnd = at + 1;
      });
      return;
    }
    void submit();
  };

  const pick = (f: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!f) return;
    const ext = /\.([^.]+)$/.exec(f.name)?.[1]?.toLowerCase() ?? '';
    if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext))
      return onRefuseImage(clientMessages.upload.badFormat(copy.imageFormats));
    if (f.size > UPLOAD_MAX_BYTES) return onRefuseImage(clientMessages.upload.tooLarge(UPLOAD_MAX_MB));
    onImage(f);
  };

  return (
    <div className={styles.composer}>
      <div className={styles.tools}>
        <button type="button" className="btn" disabled={busy} onClick={() => file.current?.click()}>
          {copy.image}
        </button>
        <input
          ref={file}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          hidden
          onChange={(e) => pick(e.target.files?.[0])}
          data-testid="desk-image-input"
        />
        <button type="button" className="btn" disabled={busy} onClick={onPickListing}>
          {copy.sendListing}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onCard}>
          {copy.sendCard}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onPhone}>
          {copy.requestPhone}
        </button>
      </div>
      <textarea
        ref={box}
        className={styles.input}
        value={text}
        placeholder={copy.placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        aria-label={copy.placeholder}
      />
      <div className={styles.sendRow}>
        <span className={length > IM_TEXT_MAX ? styles.counterOver : styles.counter}>
          {copy.counter.replace('{n}', String(length))}
        </span>
        <button type="button" className="btn btn--primary" disabled={!sendable} onClick={() => void submit()}>
          {copy.send}
        </button>
      </div>
    </div>
  );
}
