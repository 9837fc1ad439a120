'use client';
import { useEffect } from 'react';
import type { ChannelCode, Suggestion } from '@contracts/search';
import { useSuggestions } from '@/lib/hooks/use-suggestions';
import { messages } from '@/lib/client/messages';
import { CHANNEL_SECTIONS as CHANNELS } from '@contracts/channel-sections';
import './search-box.css';

export interface SuggestionListProps {
  channel: ChannelCode;
  keyword: string;
  /** The keyword the box started with: already settled, asked for at once (see useSuggestions). */
  initialKeyword: string;
  open: boolean;
  /** The listbox's id, which the box's combobox names in `aria-controls`. */
  listId: string;
  /** The id of the i-th option, which the combobox names in `aria-activedescendant` when it is active. */
  optionId: (i: number) => string;
  /** The option the box's arrow keys point at; -1: none. */
  active: number;
  /** Told of the suggestions for the current text, so that the box can move through them and choose one. */
  onItems: (items: Suggestion[]) => void;
  onPick: (s: Suggestion) => void;
}

const NONE: Suggestion[] = [];

/**
 * The suggestion dropdown and the calls behind it (spec §4 "Suggestion dropdown"). Its own module so that the
 * search box can load it on first focus: SWR and the browser API client are not part of any first load. The
 * focus stays in the box's input: the options are pointed at (`aria-activedescendant`), never focused.
 */
export default function SuggestionList({
  channel,
  keyword,
  initialKeyword,
  open,
  listId,
  optionId,
  active,
  onItems,
  onPick,
}: SuggestionListProps) {
  const { data } = useSuggestions(channel, keyword, initialKeyword);
  const suggestions = keyword.trim() && data ? data : NONE;
  useEffect(() => onItems(suggestions), [suggestions, onItems]);
  if (!open || suggestions.length === 0) return null;
  // spec §9: 售 by default, 租 for rentals.
  const label = CHANNELS[channel].deal === 'rent' ? messages.suggestionRent : messages.suggestionSale;
  return (
    <ul className="search-box__dropdown" role="listbox" id={listId} aria-label={messages.suggestionsLabel}>
      {suggestions.map((s, i) => (
        <li
          key={`${s.angle}-${s.id}`}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'is-active' : undefined}
          // The input keeps the focus (and its text) while an option is clicked.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(s)}
        >
          <span className="sug__name">{s.name}</span>
          <span className="sug__kind">{s.angleName}</span>
          <span className="sug__addr">{s.address}</span>
          <span className="sug__desc">
            {s.describe && <em>{label}</em>} {s.describe}
          </span>
        </li>
      ))}
    </ul>
  );
}
