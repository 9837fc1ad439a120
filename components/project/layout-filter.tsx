'use client';
import { useState, type ReactNode } from 'react';
import './project.css';

export interface LayoutFilterOption {
  /** Room count; null: every layout. */
  rooms: number | null;
  /** `3室 (2)`, written by the server page. */
  label: string;
}

export interface LayoutFilterProps {
  options: LayoutFilterOption[];
  label: string;
  /** The server-rendered layouts; each row carries `data-rooms`. */
  children: ReactNode;
}

/**
 * The room filter of 户型 (spec §2 "New-home detail"). The page is rendered once and cached for everyone (docs/performance.md), so
 * the filter cannot be a query the server reads; the server renders every layout and this leaf hides the rows of
 * other room counts with one CSS rule. Without JavaScript every layout shows.
 */
export function LayoutFilter({ options, label, children }: LayoutFilterProps) {
  const [rooms, setRooms] = useState<number | null>(null);
  return (
    <div className="layout-filter">
      <div className="layout-filter__options" role="group" aria-label={label}>
        {options.map((o) => (
          <button
            key={o.rooms ?? 'all'}
            type="button"
            aria-pressed={o.rooms === rooms}
            className={o.rooms === rooms ? 'is-active' : undefined}
            onClick={() => setRooms(o.rooms)}
          >
            {o.label}
          </button>
        ))}
      </div>
      {rooms !== null && <style>{`.layout-filter [data-rooms]:not([data-rooms="${rooms}"]){display:none}`}</style>}
      {children}
    </div>
  );
}
