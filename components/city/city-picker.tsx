'use client';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import type { CityList } from '@contracts/city';
import { cityOrigin } from '@/lib/host';
import { messages } from '@/lib/client-messages';
import { useUiStore } from '@/stores/ui-store';
import { useCity } from './city-context';

export interface CityPickerProps {
  cities: CityList;
}

/** Header city switch: a dialog with hot cities and all cities by initial; closes on a body click (spec §4). */
export function CityPicker({ cities }: CityPickerProps) {
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

  const href = (domain: string) => `${cityOrigin(domain, city)}/`;
  return (
    <div className="city-picker" ref={root}>
      <button type="button" className="city-picker__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="city-picker__name">{city.cityName}</span>
        <span className="city-picker__switch">[{messages.pickCity}]</span>
      </button>
      {open && (
        <div className="city-picker__dialog" role="dialog" aria-label={messages.pickCity}>
          <div className="city-picker__row">
            <span className="city-picker__label">{messages.hotCities}</span>
            <div className="city-picker__links">
              {cities.hot.map((c) => (
                <a key={c.cityCode} href={href(c.cityDomain)} className={c.cityDomain === city.cityDomain ? 'is-active' : undefined}>
                  {c.cityName}
                </a>
              ))}
            </div>
          </div>
          <div className="city-picker__all">
            {cities.all.map((g) => (
              <div className="city-picker__row" key={g.initial}>
                <span className="city-picker__initial">{g.initial}</span>
                <div className="city-picker__links">
                  {g.list.map((c) => (
                    <a key={c.cityCode} href={href(c.cityDomain)}>
                      {c.cityName}
                    </a>
                  ))}
                </div>
              </div>
            ))}
          </div>
          <Link className="city-picker__more" href="/citys" onClick={() => setOpen(false)}>
            {messages.allCities} &gt;
          </Link>
        </div>
      )}
    </div>
  );
}
