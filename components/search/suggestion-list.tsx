'use client';
import type { ChannelCode, Suggestion } from '@contracts/search';
import { useSuggestions } from '@/lib/hooks/use-suggestions';
import { messages } from '@/lib/client/messages';
import { CHANNELS } from '@contracts/channels';

export interface SuggestionListProps {
  channel: ChannelCode;
  keyword: string;
  /** The keyword the box started with: already settled, asked for at once (see useSuggestions). */
  initialKeyword: string;
  open: boolean;
  onPick: (s: Suggestion) => void;
}

/**
 * The suggestion dropdown and the calls behind it (spec §4 "Suggestion dropdown"). Its own module so that the
 * search box can load it on first focus: SWR and the browser API client are not part of any first load.
 */
export default function SuggestionList({ channel, keyword, initialKeyword, open, onPick }: SuggestionListProps) {
  const { data } = useSuggestions(channel, keyword, initialKeyword);
  const suggestions: Suggestion[] = keyword.trim() && data ? data : [];
  if (!open || suggestions.length === 0) return null;
  // spec §9: 售 by default, 租 for rentals.
  const label = CHANNELS[channel].deal === 'rent' ? messages.suggestionRent : messages.suggestionSale;
  return (
    <ul className="search-box__dropdown" role="listbox">
      {suggestions.map((s) => (
        <li key={`${s.angle}-${s.id}`} role="option" aria-selected={false}>
          <button type="button" onClick={() => onPick(s)}>
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
  );
}
