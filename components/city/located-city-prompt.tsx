'use client';
import { useEffect, useState } from 'react';
import type { Location } from '@contracts/city';
import { readCookie, writeCookie } from '@/lib/client/browser-cookie';
import { cityOrigin } from '@/lib/host';
import { messages } from '@/lib/client/messages';
import { useUiStore } from '@/stores/ui-store';
import { useCity } from './city-context';

/** Remembers "cancel" for the located city, so the prompt does not come back on every page. */
export const CITY_PROMPT_COOKIE = 'yj_city_prompt';
const SWITCH_DELAY_MS = 800;

/**
 * spec §4 "City change prompt": shown when the visitor's located city differs from the page's city. The
 * browser asks where the visitor is: the page itself is one render for everyone (issue 7's page cache).
 */
export function LocatedCityPrompt() {
  const city = useCity();
  const showToast = useUiStore((s) => s.showToast);
  const [located, setLocated] = useState<Location | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    // The API client is imported here, after hydration, not with the page (issue 7: first-load JS).
    Promise.all([import('@/lib/client/api'), import('@/lib/client/api-endpoints')])
      .then(([{ browserContext }, { fetchLocation }]) => fetchLocation(browserContext()))
      .then((here) => {
        if (!live || !here) return;
        setLocated(here);
        setOpen(here.cityDomain !== city.cityDomain && readCookie(CITY_PROMPT_COOKIE) !== here.cityDomain);
      })
      // spec §7: a failed location call is swallowed.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [city.cityDomain]);

  if (!open || !located) return null;
  const confirm = () => {
    setOpen(false);
    showToast(messages.switched);
    // Another city is another origin: the client router cannot go there.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    setTimeout(() => window.location.assign(`${cityOrigin(located.cityDomain, city)}/`), SWITCH_DELAY_MS);
  };
  const cancel = () => {
    setOpen(false);
    writeCookie(CITY_PROMPT_COOKIE, located.cityDomain, 30);
    showToast(messages.switchCancelled);
  };
  return (
    <div className="city-prompt" role="dialog">
      <p>{messages.locatedCityPrompt(located.cityName)}</p>
      <div className="city-prompt__actions">
        <button type="button" className="btn btn--primary" onClick={confirm}>
          {messages.switchConfirm}
        </button>
        <button type="button" className="btn" onClick={cancel}>
          {messages.switchCancel}
        </button>
      </div>
    </div>
  );
}
