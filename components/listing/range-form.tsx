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
 * The numbers' check and the address, with the channel registry and the list codec, load when the form is first used
 * (an input focused), not with the list: with them come the residential filter rows (contracts/residential.ts), ≈2 kB
 * gzip of first-load JS.
 */
const loadTarget = () => import('./range-target');

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
    const { rangeTarget } = await loadTarget();
    const target = rangeTarget(channel, query, row, max, low, high);
    if ('error' in target) return setError(target.error);
    setError('');
    router.push(target.path);
  };

  return (
    <form className="range-form" onSubmit={(e) => void submit(e)} onFocus={() => void loadTarget()} noValidate>
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
