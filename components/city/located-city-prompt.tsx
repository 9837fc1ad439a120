'use client';
import { useEffect, useState } from 'react';
import { chooseCityHref } from '@/lib/city-choice';
import { cityChosen, rememberCityChoice } from '@/lib/client/city-choice';
import { messages } from '@/lib/client/messages';
import { useUiStore } from '@/stores/ui-store';
import { useLocation } from '@/lib/swr/use-location';
import { useCity } from '@/lib/client/city-context';

const SWITCH_DELAY_MS = 800;

/**
 * spec §4 "City change prompt": shown when the visitor's located city differs from the page's city, unless the
 * visitor has chosen a city themselves (lib/city-choice.ts): picked in the city picker or on 全部城市, or stayed
 * with 取消. The browser asks where the visitor is, and only then: the page itself is one render for everyone
 * (the page cache), and a visitor who has chosen is not located at all.
 */
export function LocatedCityPrompt() {
  const city = useCity();
  const showToast = useUiStore((s) => s.showToast);
  // Unknown until hydrated: the server's render is everyone's and knows no visitor's choice.
  const [chosen, setChosen] = useState<boolean>();
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setChosen(cityChosen(city));
  }, [city]);
  const located = useLocation(chosen === false);
  const [dismissed, setDismissed] = useState(false);
  const open = !dismissed && located != null && located.cityDomain !== city.cityDomain;

  if (!open || !located) return null;
  const confirm = () => {
    setDismissed(true);
    showToast(messages.switched);
    // Another city is another origin: the client router cannot go there. Going is choosing it.
    setTimeout(() => window.location.assign(chooseCityHref(located.cityDomain, city)), SWITCH_DELAY_MS);
  };
  const cancel = () => {
    setDismissed(true);
    // Staying is a choice too: this city, remembered for every city where the root domain allows.
    rememberCityChoice(city.cityDomain, city);
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
