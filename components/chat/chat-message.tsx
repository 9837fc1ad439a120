'use client';
import { useState } from 'react';
import { isHomeBusinessType } from '@contracts/channel-sections';
import type { AlertDigest, AlertFollow } from '@contracts/alerts-constants';
import type { ImAgentCard, ImPhoneReply, ImPropertyCard } from '@contracts/im';
import { IM_LAYOUT } from '@contracts/im-constants';
import { PHONE_BINDING_DAYS, virtualNumberHref, virtualNumberText } from '@contracts/virtual-number';
import { cityOrigin } from '@contracts/hosts';
import { useCity } from '@/lib/client/city-context';
import { imageUrlOf, thumbUrlOf } from '@/lib/chat/chat-images';
import { PUSH, type ChatMessage } from '@/lib/chat/thread-store';
import { chatWidgetMessages } from '@/lib/chat/chat-messages';
import { messages } from '@/lib/client/messages';
import { alertMessages } from '@/lib/client/alert-messages';

const M = { ...messages.chat, ...chatWidgetMessages };
const A = alertMessages.alerts;

const textOf = (m: ChatMessage) => (typeof m.content.msgDetail === 'string' ? m.content.msgDetail : '');
const detailOf = <T,>(m: ChatMessage) => (m.content.layoutDetail ?? {}) as Partial<T>;

/** A thread's last message in one line for the list (spec §2 list view). */
export function previewOf(m: ChatMessage | undefined): string {
  if (!m) return '';
  if (m.layout === IM_LAYOUT.TEXT) return textOf(m);
  if (m.layout === IM_LAYOUT.PROPERTY) {
    const title = detailOf<ImPropertyCard>(m).title;
    return title ? `${M.preview[m.layout]} ${title}` : M.preview[m.layout]!;
  }
  if (m.layout === IM_LAYOUT.PHONE_REPLY)
    return `${M.preview[m.layout]} ${detailOf<ImPhoneReply>(m).agree ? M.agreed : M.refused}`;
  if (m.layout === IM_LAYOUT.ALERT_FOLLOW) {
    const d = detailOf<AlertFollow>(m);
    return `${A.preview[m.layout]} ${d.event ? A.events[d.event] : ''} ${d.title ?? ''}`.trim();
  }
  return M.preview[m.layout] ?? A.preview[m.layout] ?? M.unsupported;
}

/** The answer to a phone request (20001) in the same thread, if there is one yet. */
export function replyTo(request: ChatMessage, all: readonly ChatMessage[]): ChatMessage | undefined {
  if (request.messageId === 0) return undefined;
  return all.find(
    (m) =>
      m.layout === IM_LAYOUT.PHONE_REPLY && m.mine !== request.mine && detailOf<ImPhoneReply>(m).requestId === request.messageId,
  );
}

export interface ChatMessageProps {
  message: ChatMessage;
  thread: readonly ChatMessage[];
  target: ImAgentCard | null;
  onResend(clientMsgId: string): void;
  onAnswer(requestId: number, agree: boolean): void;
  onOpenAgent(agentUserId: number): void;
  agentOf(agentUserId: number): ImAgentCard | null;
}

function PropertyCard({ m }: { m: ChatMessage }) {
  const city = useCity();
  const card = detailOf<ImPropertyCard>(m);
  if (!card.title || !card.pcUrl || !card.cityDomain) {
    return <div className="chat-card chat-card--property chat-card--pending">{M.property}</div>;
  }
  // A home of another city is on that city's host (spec §2 "City-domain redirect").
  const href = card.cityDomain === city.cityDomain ? card.pcUrl : `${cityOrigin(card.cityDomain, city)}${card.pcUrl}`;
  return (
    <a className="chat-card chat-card--property" href={href} target="_blank" rel="noopener">
      {/* A home without photos has no cover: an empty box of the cover's size, never an <img src="">. */}
      {card.coverUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- the home's cover from the storage
        <img className="chat-card__cover" src={card.coverUrl} alt={card.title} width={96} height={72} loading="lazy" />
      ) : (
        <span className="chat-card__cover" aria-hidden="true" />
      )}
      <span className="chat-card__body">
        <span className="chat-card__title">{card.title}</span>
        <span className="chat-card__meta">{card.layoutText}</span>
        <span className="chat-card__price">{card.priceText}</span>
      </span>
    </a>
  );
}

/** A link on the city's host of the record (a home of another city is on that city's host). */
function useCityHref() {
  const city = useCity();
  return (cityDomain: string, path: string) => (cityDomain === city.cityDomain ? path : `${cityOrigin(cityDomain, city)}${path}`);
}

/** One click that turns this alert off (关闭提醒 of a saved search, 取消关注 of a home); the answer is shown. */
function TurnOff({ label, done, run }: { label: string; done: string; run: () => Promise<unknown> }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  if (state === 'done') return <span className="chat-alert__off is-done">{done}</span>;
  return (
    <button
      type="button"
      className="chat-alert__off"
      disabled={state === 'busy'}
      onClick={() => {
        setState('busy');
        run().then(
          () => setState('done'),
          () => setState('failed'),
        );
      }}
    >
      {state === 'failed' ? A.failed : label}
    </button>
  );
}

const alertApi = () => Promise.all([import('@/lib/client/api'), import('@/lib/client/api-endpoints')]);

/** 优居找房助手's digest (301): the saved search's new homes with photo, price and layout, each a link; why it came. */
function AlertDigestCard({ m }: { m: ChatMessage }) {
  const href = useCityHref();
  const d = detailOf<AlertDigest>(m);
  const homes = Array.isArray(d.homes) ? d.homes : [];
  const channel = d.channel ?? 'esf';
  const cityDomain = d.cityDomain ?? '';
  return (
    <div className="chat-card chat-alert chat-alert--digest">
      <p className="chat-alert__title">{A.digestTitle(d.total ?? homes.length)}</p>
      <ul className="chat-alert__homes">
        {homes.map((h) => (
          <li key={h.listingId}>
            <a
              className="chat-alert__home"
              href={href(cityDomain, h.pcUrl)}
              target="_blank"
              rel="noopener"
              data-listing-id={h.listingId}
            >
              {h.coverUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- the home's cover from the storage
                <img className="chat-alert__cover" src={h.coverUrl} alt={h.title} width={72} height={54} loading="lazy" />
              ) : (
                <span className="chat-alert__cover" aria-hidden="true" />
              )}
              <span className="chat-alert__body">
                <span className="chat-alert__home-title">{h.title}</span>
                <span className="chat-alert__meta">{h.layoutText}</span>
                <span className="chat-alert__price">{h.priceText}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      {d.path && (d.total ?? 0) > homes.length && (
        <a className="chat-alert__more" href={href(cityDomain, d.path)} target="_blank" rel="noopener">
          {A.more((d.total ?? 0) - homes.length)}
        </a>
      )}
      <p className="chat-alert__reason">{typeof m.content.reason === 'string' ? m.content.reason : ''}</p>
      <div className="chat-alert__foot">
        {d.path && (
          <a href={href(cityDomain, d.path)} target="_blank" rel="noopener" data-channel={channel}>
            {A.open}
          </a>
        )}
        {typeof d.savedSearchId === 'number' && (
          <TurnOff
            label={A.turnOff}
            done={A.turnedOff}
            run={async () => {
              const [{ browserContext }, api] = await alertApi();
              await api.pauseSavedSearch(browserContext(), { savedSearchId: d.savedSearchId!, paused: true });
            }}
          />
        )}
      </div>
    </div>
  );
}

/** 优居找房助手's news of a followed home (302): 降价/涨价 with old → new price and %, or 已成交/已下架; why it came. */
function AlertFollowCard({ m }: { m: ChatMessage }) {
  const href = useCityHref();
  const d = detailOf<AlertFollow>(m);
  const gone = d.event === 'sold' || d.event === 'offline';
  return (
    <div className={`chat-card chat-alert chat-alert--follow chat-alert--${d.event ?? 'unknown'}`}>
      <p className="chat-alert__title">
        <span className="chat-alert__event">{d.event ? A.events[d.event] : ''}</span>
        {gone || !d.pcUrl ? (
          <span>{d.title}</span>
        ) : (
          <a href={href(d.cityDomain ?? '', d.pcUrl)} target="_blank" rel="noopener">
            {d.title}
          </a>
        )}
      </p>
      {d.oldPriceText && d.newPriceText && typeof d.percent === 'number' && (
        <p className="chat-alert__change">{A.priceLine(d.oldPriceText, d.newPriceText, d.percent)}</p>
      )}
      <p className="chat-alert__reason">{typeof m.content.reason === 'string' ? m.content.reason : ''}</p>
      {!gone && typeof d.listingId === 'number' && isHomeBusinessType(d.businessType) && (
        <div className="chat-alert__foot">
          <TurnOff
            label={A.unfollow}
            done={A.unfollowed}
            run={async () => {
              const [{ browserContext }, api] = await alertApi();
              await api.changeFollow(browserContext(), { businessType: d.businessType!, listingId: d.listingId!, follow: false });
            }}
          />
        </div>
      )}
    </div>
  );
}

function Images({ m }: { m: ChatMessage }) {
  const keys = Array.isArray(m.content.msgList)
    ? (m.content.msgList as unknown[]).filter((k): k is string => typeof k === 'string')
    : [];
  return (
    <div className={`chat-images chat-images--${Math.min(keys.length, 3)}`}>
      {keys.map((key, i) => (
        <a key={`${key}-${i}`} href={imageUrlOf(key)} target="_blank" rel="noopener" className="chat-images__item">
          {/* eslint-disable-next-line @next/next/no-img-element -- an upload's thumbnail; the link opens the original */}
          <img
            src={thumbUrlOf(key)}
            alt={M.imageAlt(i + 1)}
            loading="lazy"
            onError={(e) => {
              // No thumbnail beside it (an image the desk stored): the original, scaled down.
              const img = e.currentTarget;
              if (!img.dataset.original) {
                img.dataset.original = '1';
                img.src = imageUrlOf(key);
              }
            }}
          />
        </a>
      ))}
    </div>
  );
}

function PhoneRequest({ m, thread, onAnswer }: Pick<ChatMessageProps, 'thread' | 'onAnswer'> & { m: ChatMessage }) {
  const reply = replyTo(m, thread);
  const answer = reply ? detailOf<ImPhoneReply>(reply) : null;
  return (
    <div className="chat-card chat-card--phone">
      <p>{m.mine ? M.phoneRequestMine : M.phoneRequestTheirs}</p>
      {answer ? (
        <p className={`chat-phone__result chat-phone__result--${answer.agree ? 'agreed' : 'refused'}`}>
          {answer.agree ? M.agreed : M.refused}
        </p>
      ) : m.mine ? (
        <p className="chat-phone__waiting">{M.waiting}</p>
      ) : (
        // spec §4: 同意/拒绝 until answered, then the result and no buttons.
        <div className="chat-phone__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={m.messageId === 0}
            onClick={() => onAnswer(m.messageId, true)}
          >
            {M.agree}
          </button>
          <button type="button" className="btn" disabled={m.messageId === 0} onClick={() => onAnswer(m.messageId, false)}>
            {M.refuse}
          </button>
        </div>
      )}
    </div>
  );
}

function PhoneReply({ m }: { m: ChatMessage }) {
  const d = detailOf<ImPhoneReply>(m);
  return (
    <div className={`chat-card chat-card--phone chat-phone__result--${d.agree ? 'agreed' : 'refused'}`}>
      <p className="chat-phone__result">{d.agree ? M.agreed : M.refused}</p>
      {d.agree && d.mobile && (
        <a className="chat-phone__mobile" href={`tel:${d.mobile}`}>
          {M.phoneOf(d.mobile)}
        </a>
      )}
      {/* An agent's agreed reply: a virtual number bound to this agent and this user, never the agent's mobile. */}
      {d.agree && d.virtualNumber && (
        <>
          <a className="chat-phone__mobile" href={virtualNumberHref(d.virtualNumber)}>
            {M.phoneOf(virtualNumberText(d.virtualNumber))}
          </a>
          <p className="chat-phone__note">{messages.virtualNumberNote(d.virtualNumber.extension, PHONE_BINDING_DAYS)}</p>
        </>
      )}
    </div>
  );
}

function AgentCardMessage({ m, agentOf, onOpenAgent }: Pick<ChatMessageProps, 'agentOf' | 'onOpenAgent'> & { m: ChatMessage }) {
  const agentUserId = Number(detailOf<{ agentUserId: number }>(m).agentUserId);
  const agent = Number.isInteger(agentUserId) ? agentOf(agentUserId) : null;
  return (
    <div className="chat-card chat-card--agent">
      <span className="chat-card__label">{M.agentCard}</span>
      {agent && (
        <span className="chat-card__agent">
          {/* eslint-disable-next-line @next/next/no-img-element -- agent photo from the backend */}
          <img src={agent.agentPhoto} alt={agent.agentName} width={36} height={36} />
          <span>
            {agent.agentName}
            <small>
              {agent.brandName} · {agent.branchName}
            </small>
          </span>
        </span>
      )}
      {Number.isInteger(agentUserId) && (
        <button type="button" className="btn" onClick={() => onOpenAgent(agentUserId)}>
          {M.consult}
        </button>
      )}
    </div>
  );
}

function Body(props: ChatMessageProps) {
  const { message: m } = props;
  switch (m.layout) {
    case IM_LAYOUT.TEXT:
      // Text is text (React escapes it): never HTML.
      return (
        <div className="chat-bubble">
          {m.content.auto === true && <span className="chat-bubble__auto">{M.autoReply}</span>}
          <p className="chat-bubble__text">{textOf(m)}</p>
        </div>
      );
    case IM_LAYOUT.IMAGE:
      return <Images m={m} />;
    case IM_LAYOUT.PROPERTY:
      return <PropertyCard m={m} />;
    case IM_LAYOUT.PHONE_REQUEST:
      return <PhoneRequest m={m} thread={props.thread} onAnswer={props.onAnswer} />;
    case IM_LAYOUT.PHONE_REPLY:
      return <PhoneReply m={m} />;
    case IM_LAYOUT.AGENT_CARD:
      return <AgentCardMessage m={m} agentOf={props.agentOf} onOpenAgent={props.onOpenAgent} />;
    case IM_LAYOUT.ALERT_DIGEST:
      return <AlertDigestCard m={m} />;
    case IM_LAYOUT.ALERT_FOLLOW:
      return <AlertFollowCard m={m} />;
    default:
      return <div className="chat-bubble">{M.unsupported}</div>;
  }
}

/** One message of a conversation: the agent's with their photo on the left, the user's on the right with its push status. */
export function ChatMessageItem(props: ChatMessageProps) {
  const { message: m, target } = props;
  return (
    <li className={`chat-msg chat-msg--${m.mine ? 'mine' : 'theirs'}`} data-layout={m.layout} data-push={m.pushStatus}>
      {!m.mine && target && (
        // eslint-disable-next-line @next/next/no-img-element -- agent photo from the backend
        <img className="chat-msg__avatar" src={target.agentPhoto} alt={target.agentName} width={32} height={32} />
      )}
      <div className="chat-msg__main">
        <div className="chat-msg__row">
          {m.mine && m.pushStatus === PUSH.SENDING && <span className="chat-msg__spinner" role="status" aria-label={M.sending} />}
          {m.mine && m.pushStatus === PUSH.FAILED && m.clientMsgId && (
            <button
              type="button"
              className="chat-msg__failed"
              aria-label={M.resend}
              title={M.resend}
              onClick={() => props.onResend(m.clientMsgId!)}
            >
              !
            </button>
          )}
          <Body {...props} />
        </div>
        {m.mine && m.pushStatus === PUSH.FAILED && m.error && <p className="chat-msg__error">{m.error}</p>}
      </div>
    </li>
  );
}
