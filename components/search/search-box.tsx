'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import type { ChannelCode, Suggestion } from '@contracts/search';
import { messages } from '@/lib/client/messages';
import { CHANNEL_SECTIONS as CHANNELS, type ChannelSection } from '@contracts/channel-sections';
import { keywordPath, suggestionPath } from '@/lib/search-keyword';
import { withTracking } from '@/lib/client/track-later';
import './search-box.css';

/**
 * Loaded when the box is first focused (typing needs focus): no first load carries the suggestion code. React's
 * own lazy rather than next/dynamic, whose loader (≈1.3 kB gzip) would be on every page for this one use; the
 * list never renders on the server anyway (`touched` starts false).
 */
const SuggestionList = lazy(() => import('./suggestion-list'));

export interface SearchTab {
  channel: ChannelCode;
  label: string;
}

export interface SearchBoxProps {
  /**
   * The channels the box searches. More than one (the home): spec §2 Home banner tabs, links to each channel's list
   * page, and a choice of channel inside the box for the keyword and its suggestions.
   */
  tabs: SearchTab[];
  initialKeyword?: string;
  /**
   * spec §2 "index" layout, the home kept alive: the box's channel and keyword outlive the page, so going back to the
   * home finds them as they were left (the page's own HTML and data come back from the router's cache).
   */
  keepAlive?: boolean;
}

/** The home box's state while the visitor is elsewhere in the site (this tab's script, never the server's). */
let keptHomeBox: { channel: ChannelCode; keyword: string } | null = null;

const NONE: Suggestion[] = [];

/**
 * Keyword search with the suggestion dropdown (spec §4 "Suggestion dropdown", §5 "Search"), a combobox as WAI-ARIA
 * describes one: the input owns the listbox (`aria-controls`) and keeps the focus while ArrowDown/ArrowUp move
 * the active option (`aria-activedescendant`, read by screen readers); Enter goes to the active option, or
 * searches the keyword when none is active; Esc closes the list.
 */
export function SearchBox({ tabs, initialKeyword = '', keepAlive = false }: SearchBoxProps) {
  const router = useRouter();
  // A first load renders from nothing kept (so hydration matches the server); a return to the home mounts with it.
  const kept = keepAlive && keptHomeBox && tabs.some((t) => t.channel === keptHomeBox!.channel) ? keptHomeBox : null;
  const [channel, setChannel] = useState<ChannelCode>(kept?.channel ?? tabs[0]?.channel ?? 'esf');
  const [keyword, setKeyword] = useState(kept?.keyword ?? initialKeyword);
  useEffect(() => {
    if (keepAlive) keptHomeBox = { channel, keyword };
  }, [keepAlive, channel, keyword]);
  const [open, setOpen] = useState(false);
  // Set on first focus or typing: from then on the suggestion code is loaded and mounted.
  const [touched, setTouched] = useState(false);
  // What the dropdown has for the current text (it holds the calls), and the option the arrows point at.
  const [items, setItems] = useState<Suggestion[]>(NONE);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  const channelChoice = useRef<HTMLSelectElement>(null);
  const listId = useId();
  const optionId = useCallback((i: number) => `${listId}-option-${i}`, [listId]);
  const target = CHANNELS[channel];
  const expanded = open && items.length > 0;

  useEffect(() => {
    const onDocClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocClick);
    return () => document.removeEventListener('mousedown', onDocClick);
  }, []);

  const onItems = useCallback((next: Suggestion[]) => {
    setItems(next);
    setActive(-1);
  }, []);
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (path: string) => {
    close();
    router.push(path);
  };
  // spec §7 event-tracking helper, §9 business types: every search and every suggestion chosen is an event.
  const trackSearch = (buttonTitle: string, businessId?: number, def: ChannelSection = target) => {
    const event = {
      buttonTitle: buttonTitle.slice(0, 32),
      businessType: def.businessType,
      ...(def.businessTypeTwo ? { businessTypeTwo: def.businessTypeTwo } : {}),
      ...(businessId && businessId > 0 ? { businessId } : {}),
      type: def.deal,
    };
    withTracking((t) => t.trackSearch(event));
  };
  /**
   * spec §2 Home: a banner tab goes to its channel's list page; with a keyword in the box, to that list searched for
   * the keyword (what the visitor has typed is not thrown away).
   */
  const onBannerTab = (e: ReactMouseEvent<HTMLAnchorElement>, code: ChannelCode) => {
    const k = keyword.trim();
    if (!k || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    trackSearch(k, undefined, CHANNELS[code]);
    go(keywordPath(CHANNELS[code], k));
  };
  /** A channel chosen before the page's script ran is the box's once it runs (the select kept it, React did not). */
  const syncChannel = () => {
    const chosen = channelChoice.current?.value as ChannelCode | undefined;
    if (chosen && chosen !== channel && tabs.some((t) => t.channel === chosen)) setChannel(chosen);
  };
  const pick = (s: Suggestion) => {
    trackSearch(s.name, s.id);
    go(suggestionPath(target, s));
  };
  const submit = () => {
    const chosen = expanded ? items[active] : undefined;
    if (chosen) return pick(chosen);
    const k = keyword.trim();
    trackSearch(k);
    go(k ? keywordPath(target, k) : target.listPath);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (items.length === 0 || !keyword.trim()) return;
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : items.length - 1);
        return;
      }
      // From none, Down starts at the first option and Up at the last; past either end it wraps round.
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i === -1 ? (step === 1 ? 0 : items.length - 1) : (i + step + items.length) % items.length));
    } else if (e.key === 'Escape' && expanded) {
      // Only an open list is Esc's to close; otherwise Esc is the browser's (clearing a search field).
      e.preventDefault();
      close();
    }
  };
  const placeholder = (messages.searchPlaceholder as Record<string, string>)[channel] ?? messages.searchPlaceholder.esf;

  return (
    <div className="search-box" ref={root}>
      {tabs.length > 1 && (
        <nav className="search-box__tabs" aria-label={messages.bannerTabsLabel}>
          {tabs.map((t) => (
            <Link key={t.channel} href={CHANNELS[t.channel].listPath} onClick={(e) => onBannerTab(e, t.channel)}>
              {t.label}
            </Link>
          ))}
        </nav>
      )}
      <form
        className="search-box__form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {tabs.length > 1 && (
          <select
            ref={channelChoice}
            className="search-box__channel"
            aria-label={messages.searchChannel}
            value={channel}
            onChange={(e) => {
              setChannel(e.target.value as ChannelCode);
              setActive(-1);
            }}
          >
            {tabs.map((t) => (
              <option key={t.channel} value={t.channel}>
                {t.label}
              </option>
            ))}
          </select>
        )}
        <input
          type="search"
          role="combobox"
          className="search-box__input"
          value={keyword}
          maxLength={50}
          placeholder={placeholder}
          aria-label={placeholder}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          onChange={(e) => {
            setKeyword(e.target.value);
            setTouched(true);
            setOpen(e.target.value.trim().length > 0);
          }}
          onFocus={() => {
            syncChannel();
            setTouched(true);
            setOpen(keyword.trim().length > 0);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="search-box__submit">
          {messages.search}
        </button>
      </form>
      {touched && (
        <Suspense fallback={null}>
          <SuggestionList
            channel={channel}
            keyword={keyword}
            initialKeyword={initialKeyword}
            open={open}
            listId={listId}
            optionId={optionId}
            active={active}
            onItems={onItems}
            onPick={pick}
          />
        </Suspense>
      )}
    </div>
  );
}
