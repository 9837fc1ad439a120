'use client';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ChannelCode } from '@contracts/search';
import { messages } from '@/lib/client/messages';
import { CHANNELS } from '@contracts/channels';
import { keywordPath, suggestionPath } from '@/lib/search-path';

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
  tabs: SearchTab[];
  initialKeyword?: string;
}

/** Keyword search with the suggestion dropdown (spec §4 "Suggestion dropdown", §5 "Search"). */
export function SearchBox({ tabs, initialKeyword = '' }: SearchBoxProps) {
  const router = useRouter();
  const [channel, setChannel] = useState<ChannelCode>(tabs[0]?.channel ?? 'esf');
  const [keyword, setKeyword] = useState(initialKeyword);
  const [open, setOpen] = useState(false);
  // Set on first focus or typing: from then on the suggestion code is loaded and mounted.
  const [touched, setTouched] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const target = CHANNELS[channel];

  useEffect(() => {
    const onDocClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocClick);
    return () => document.removeEventListener('mousedown', onDocClick);
  }, []);

  const go = (path: string) => {
    setOpen(false);
    router.push(path);
  };
  const submit = () => {
    const k = keyword.trim();
    go(k ? keywordPath(target, k) : target.listPath);
  };
  const placeholder = (messages.searchPlaceholder as Record<string, string>)[channel] ?? messages.searchPlaceholder.esf;

  return (
    <div className="search-box" ref={root}>
      <div className="search-box__tabs" role="tablist">
        {tabs.map((t) => (
          <button
            key={t.channel}
            type="button"
            role="tab"
            aria-selected={t.channel === channel}
            className={t.channel === channel ? 'is-active' : undefined}
            onClick={() => setChannel(t.channel)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <form
        className="search-box__form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input
          type="search"
          className="search-box__input"
          value={keyword}
          maxLength={50}
          placeholder={placeholder}
          aria-label={placeholder}
          autoComplete="off"
          onChange={(e) => {
            setKeyword(e.target.value);
            setTouched(true);
            setOpen(e.target.value.trim().length > 0);
          }}
          onFocus={() => {
            setTouched(true);
            setOpen(keyword.trim().length > 0);
          }}
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
            onPick={(s) => go(suggestionPath(target, s))}
          />
        </Suspense>
      )}
    </div>
  );
}
