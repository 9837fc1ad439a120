'use client';
import { useEffect, useState } from 'react';
import { readCookie, writeCookie } from '@/lib/browser-cookie';
import { cityOrigin } from '@/lib/host';
import { messages } from '@/lib/client-messages';
import { useUiStore } from '@/stores/ui-store';
import { useCity } from './city-context';

/** Remembers "cancel" for the located city, so the prompt does not come back on every page. */
export const CITY_PROMPT_COOKIE = 'yj_city_prompt';
const SWITCH_DELAY_MS = 800;

export interface LocatedCityPromptProps {
  located: { cityDomain: string; cityName: string };
}

/** spec §4 "City change prompt": shown when the visitor's located city differs from the page's city. */
export function LocatedCityPrompt({ located }: LocatedCityPromptProps) {
  const city = useCity();
  const showToast = useUiStore((s) => s.showToast);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    // Read after mount: the cookie lives in the browser, and the server render must match.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpen(located.cityDomain !== city.cityDomain && readCookie(CITY_PROMPT_COOKIE) !== located.cityDomain);
  }, [located.cityDomain, city.cityDomain]);

  if (!open) return null;
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
