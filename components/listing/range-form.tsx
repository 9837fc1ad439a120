'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import type { ChannelCode } from '@contracts/constants';
import { listMessages } from '@/lib/client/list-messages';
import { useHydrated } from '@/lib/hooks/use-hydrated';
import type { SearchQuery } from '@/lib/search-path';

export interface RangeFormProps {
  channel: ChannelCode;
  query: SearchQuery;
  /** The row the range refines (price, rent, area) and its name (价格). */
  row: string;
  rowLabel: string;
  unit: string;
  /** The largest number a bound takes (the registry's max). */
  max: number;
  from?: number;
  to?: number;
}

/**
 * The channel registry and the list codec load when the form is first used (an input focused), not with the list:
 * with them come the residential filter rows (contracts/residential.ts), ≈2 kB gzip of first-load JS.
 */
const loadCodec = () => Promise.all([import('@contracts/channels'), import('@/lib/search-path')]);

/** '' is no bound; anything else must be a whole number 1…max. */
function readBound(text: string, max: number): number | undefined | null {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= max ? n : null;
}

/**
 * A row's own range (自定义: `bp100ep300`), beside its bands: two numbers and 确定, which goes to the list with that
 * range (the codec puts the ends in order and drops the row's bands). A client leaf: the address is built from the
 * inputs, which a plain form cannot do for a path; the button waits for hydration.
 */
export function RangeForm({ channel, query, row, rowLabel, unit, max, from, to }: RangeFormProps) {
  const router = useRouter();
  const [low, setLow] = useState(from === undefined ? '' : String(from));
  const [high, setHigh] = useState(to === undefined ? '' : String(to));
  const [error, setError] = useState('');
  const ready = useHydrated();
  const errorId = useId();
  const M = listMessages.rangeForm;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const [a, b] = [readBound(low, max), readBound(high, max)];
    if (a === null || b === null) return setError(M.bad(max));
    if (a === undefined && b === undefined) return setError(M.empty);
    setError('');
    const [{ CHANNELS }, { formatListPath, normalizeQuery, withRange }] = await loadCodec();
    const def = CHANNELS[channel];
    const next = withRange(def, query, row, a, b);
    router.push(formatListPath(def, normalizeQuery(def, { ...next, filters: next.filters ?? {} })));
  };

  return (
    <form className="range-form" onSubmit={(e) => void submit(e)} onFocus={() => void loadCodec()} noValidate>
      <input
        className="range-form__input"
        inputMode="numeric"
        aria-label={M.from(rowLabel)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={low}
        onChange={(e) => setLow(e.target.value)}
      />
      <span aria-hidden="true">-</span>
      <input
        className="range-form__input"
        inputMode="numeric"
        aria-label={M.to(rowLabel)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={high}
        onChange={(e) => setHigh(e.target.value)}
      />
      <span className="range-form__unit">{unit}</span>
      <button type="submit" className="range-form__submit" disabled={!ready}>
        {M.submit}
      </button>
      {error ? (
        <span className="range-form__error" id={errorId} role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
