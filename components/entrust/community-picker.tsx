'use client';
import { useState } from 'react';
import type { Suggestion } from '@contracts/search';
import { Angle } from '@contracts/search-constants';
import { useSuggestions } from '@/lib/hooks/use-suggestions';
import { formMessages } from '@/lib/client/form-messages';

const M = formMessages.entrustForm;

export interface CommunityPickerProps {
  inputId: string;
  chosen: string | null;
  onPick: (s: Suggestion) => void;
  onClear: () => void;
  invalid: boolean;
}

/**
 * The 小区 picker: the header's suggestions of the current city on the 小区 tab, communities only. The 小区 tab
 * offers every community of the city; the 二手房 and 租房 tabs leave out those without homes listed, and an
 * owner's home may be the first of its community.
 */
export function CommunityPicker({ inputId, chosen, onPick, onClear, invalid }: CommunityPickerProps) {
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const { data, isLoading } = useSuggestions('estate', keyword);
  const found = keyword.trim() && data ? data.filter((s) => s.angle === Angle.ESTATE) : [];
  if (chosen !== null) {
    return (
      <div className="entrust-community is-chosen">
        <strong data-testid="entrust-community">{chosen}</strong>
        <button type="button" className="link-button entrust-community__change" onClick={onClear}>
          {M.communityChange}
        </button>
      </div>
    );
  }
  return (
    <div className="entrust-community">
      <input
        id={inputId}
        type="text"
        autoComplete="off"
        value={keyword}
        placeholder={M.communityPlaceholder}
        aria-invalid={invalid || undefined}
        maxLength={50}
        onChange={(e) => {
          setKeyword(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 200)}
      />
      {open && keyword.trim() !== '' && data && !isLoading && (
        <ul className="entrust-community__list" role="listbox" aria-label={M.community}>
          {found.length === 0 ? (
            <li className="entrust-community__none">{M.communityNone}</li>
          ) : (
            found.map((s) => (
              <li key={s.id} role="option" aria-selected={false}>
                <button
                  type="button"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    setKeyword('');
                    setOpen(false);
                    onPick(s);
                  }}
                >
                  <span className="entrust-community__name">{s.name}</span>
                  <span className="entrust-community__addr">{s.address}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
