'use client';
import Link from 'next/link';
import { messages } from '@/lib/client/messages';
import { chooseCityHref } from '@/lib/city-choice';
import { useCity } from '@/lib/client/city-context';
import { useModalDialog } from '@/lib/hooks/use-modal-dialog';
import { useCityList } from '@/lib/swr/use-city-list';

export interface CityPickerDialogProps {
  onClose: () => void;
}

/**
 * The city picker's dialog: hot cities and all cities by initial (spec §4), modal (lib/hooks/use-modal-dialog.ts). A
 * module of its own that the header's toggle loads when the visitor points at it or opens it, so no first load
 * carries it (first-load JS: at most +25 kB gzip a route).
 */
export default function CityPickerDialog({ onClose }: CityPickerDialogProps) {
  const city = useCity();
  const dialog = useModalDialog(onClose);
  const { data: cities, error } = useCityList();
  // A link here chooses the city: its page does not question the choice (lib/city-choice.ts).
  const href = (domain: string) => chooseCityHref(domain, city);
  return (
    <dialog {...dialog} className="city-picker__dialog" aria-label={messages.pickCity} aria-busy={!cities && !error}>
      <button type="button" className="city-picker__close" aria-label={messages.closeDialog} onClick={onClose}>
        ×
      </button>
      {cities ? (
        <>
          <div className="city-picker__row">
            <span className="city-picker__label">{messages.hotCities}</span>
            <div className="city-picker__links">
              {cities.hot.map((c) => (
                <a
                  key={c.cityCode}
                  href={href(c.cityDomain)}
                  className={c.cityDomain === city.cityDomain ? 'is-active' : undefined}
                  aria-current={c.cityDomain === city.cityDomain ? 'true' : undefined}
                >
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
        </>
      ) : (
        // The list is asked when the picker opens (or is pointed at); the all-cities page is there meanwhile and on a failure.
        <p className="city-picker__status" role={error ? 'alert' : 'status'}>
          {error ? messages.serverBusy : messages.citiesLoading}
        </p>
      )}
      <Link className="city-picker__more" href="/citys" onClick={onClose}>
        {messages.allCities} &gt;
      </Link>
    </dialog>
  );
}
