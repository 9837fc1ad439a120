'use client';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { messages } from '@/lib/client/messages';
import { useUiStore } from '@/stores/ui-store';
import { useCity } from '@/lib/client/city-context';
import { preloadCityList } from '@/lib/swr/use-city-list';

const loadDialog = () => import('./city-picker-dialog');
/**
 * The dialog's code and the city list load on first use (first-load JS: at most +25 kB gzip a route; the list is
 * not in every page's payload); pointing at the toggle starts both early.
 */
const CityPickerDialog = lazy(loadDialog);
const preloadDialog = () => {
  void loadDialog().catch(() => {});
  preloadCityList();
};

/** Header city switch: a dialog with hot cities and all cities by initial; closes on a body click (spec §4). */
export function CityPicker() {
  const city = useCity();
  const open = useUiStore((s) => s.cityPickerOpen);
  const setOpen = useUiStore((s) => s.setCityPickerOpen);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onBodyClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('click', onBodyClick);
    return () => document.removeEventListener('click', onBodyClick);
  }, [open, setOpen]);

  return (
    <div className="city-picker" ref={root}>
      <button
        type="button"
        className="city-picker__toggle"
        aria-expanded={open}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => setOpen(!open)}
      >
        <span className="city-picker__name">{city.cityName}</span>
        <span className="city-picker__switch">[{messages.pickCity}]</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CityPickerDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
