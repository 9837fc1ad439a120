'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { cityChosen } from '@/lib/client/city-choice';
import { useCity } from '@/lib/client/city-context';

const LocatedCityAsk = lazy(() => import('./located-city-ask').then((m) => ({ default: m.LocatedCityAsk })));

/**
 * spec §4 "City change prompt": shown when the visitor's located city differs from the page's city, unless the
 * visitor has chosen a city themselves (lib/city-choice.ts): picked in the city picker or on 全部城市, or stayed
 * with 取消. The browser asks where the visitor is, and only then: the page itself is one render for everyone
 * (the page cache), and a visitor who has chosen is not located at all.
 *
 * Only the check of the visitor's choice is in the page's first load: the rest (./located-city-ask.tsx: the location
 * call, the prompt, its strings) loads after hydration, for a visitor who has chosen none.
 */
export function LocatedCityPrompt() {
  const city = useCity();
  // Unknown until hydrated: the server's render is everyone's and knows no visitor's choice.
  const [chosen, setChosen] = useState<boolean>();
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setChosen(cityChosen(city));
  }, [city]);
  if (chosen !== false) return null;
  return (
    <Suspense fallback={null}>
      <LocatedCityAsk />
    </Suspense>
  );
}
