'use client';
import { lazy, Suspense } from 'react';
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

/**
 * Header city switch: a modal dialog with hot cities and all cities by initial (spec §4); a click on the page around
 * it (spec §4 "closes on a body click"), Esc or 关闭 closes it and focus comes back to this toggle.
 */
export function CityPicker() {
  const city = useCity();
  const open = useUiStore((s) => s.cityPickerOpen);
  const setOpen = useUiStore((s) => s.setCityPickerOpen);

  return (
    <div className="city-picker">
      <button
        type="button"
        className="city-picker__toggle"
        aria-haspopup="dialog"
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
