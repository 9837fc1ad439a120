'use client';
import { useState } from 'react';
import { readCookie, writeCookie } from '@/lib/client/browser-cookie';
import { cityOrigin } from '@/lib/host';
import { messages } from '@/lib/client/messages';
import { useUiStore } from '@/stores/ui-store';
import { useLocation } from '@/lib/swr/use-location';
import { useCity } from '@/lib/client/city-context';

/** Remembers "cancel" for the located city, so the prompt does not come back on every page. */
export const CITY_PROMPT_COOKIE = 'yj_city_prompt';
const SWITCH_DELAY_MS = 800;

/**
 * spec §4 "City change prompt": shown when the visitor's located city differs from the page's city. The
 * browser asks where the visitor is: the page itself is one render for everyone (the page cache).
 */
export function LocatedCityPrompt() {
  const city = useCity();
  const showToast = useUiStore((s) => s.showToast);
  const located = useLocation();
  const [dismissed, setDismissed] = useState(false);
  // Shown once the answer is in (never in the server's render): another city than the page's, not cancelled before.
  const open =
    !dismissed &&
    located != null &&
    located.cityDomain !== city.cityDomain &&
    readCookie(CITY_PROMPT_COOKIE) !== located.cityDomain;

  if (!open || !located) return null;
  const confirm = () => {
    setDismissed(true);
    showToast(messages.switched);
    // Another city is another origin: the client router cannot go there.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    setTimeout(() => window.location.assign(`${cityOrigin(located.cityDomain, city)}/`), SWITCH_DELAY_MS);
  };
  const cancel = () => {
    setDismissed(true);
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
