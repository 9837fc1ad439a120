'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import type { ChannelCode, Suggestion } from '@contracts/search';
import { useSuggestions } from '@/lib/hooks/use-suggestions';
import { messages } from '@/lib/messages';
import { CHANNELS } from '@contracts/channels';
import { keywordPath, suggestionPath } from '@/lib/search-path';

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
  const root = useRef<HTMLDivElement>(null);
  const { data } = useSuggestions(channel, keyword);
  const target = CHANNELS[channel];
  const suggestions: Suggestion[] = keyword.trim() && data ? data : [];

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
  // spec §9: 售 by default, 租 for rentals.
  const label = target.deal === 'rent' ? messages.suggestionRent : messages.suggestionSale;
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
            setOpen(e.target.value.trim().length > 0);
          }}
          onFocus={() => setOpen(keyword.trim().length > 0)}
        />
        <button type="submit" className="search-box__submit">
          {messages.search}
        </button>
      </form>
      {open && suggestions.length > 0 && (
        <ul className="search-box__dropdown" role="listbox">
          {suggestions.map((s) => (
            <li key={`${s.angle}-${s.id}`} role="option" aria-selected={false}>
              <button type="button" onClick={() => go(suggestionPath(target, s))}>
                <span className="sug__name">{s.name}</span>
                <span className="sug__kind">{s.angleName}</span>
                <span className="sug__addr">{s.address}</span>
                <span className="sug__desc">
                  {s.describe && <em>{label}</em>} {s.describe}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
