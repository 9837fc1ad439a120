'use client';
import { useState } from 'react';
import { chooseCityHref } from '@/lib/city-choice';
import { rememberCityChoice } from '@/lib/client/city-choice';
import { messages } from '@/lib/client/messages';
import { useUiStore } from '@/stores/ui-store';
import { useLocation } from '@/lib/swr/use-location';
import { useCity } from '@/lib/client/city-context';

const SWITCH_DELAY_MS = 800;

/**
 * The located-city prompt's asking part (./located-city-prompt.tsx renders it for a visitor who has chosen no city):
 * where the visitor is, and the prompt when that is another city.
 */
export function LocatedCityAsk() {
  const city = useCity();
  const showToast = useUiStore((s) => s.showToast);
  const located = useLocation();
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
