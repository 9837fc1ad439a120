'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { messages } from '@/lib/client/messages';
import { safeReturnPath } from '@/lib/return-path';
import { loadBrowserApi } from '@/lib/swr/browser-api';

/** spec §2/§9: the 404 page counts down from 3 s, then goes to `redirect` (same-origin paths only) or home. */
export const NOT_FOUND_COUNTDOWN = 3;

/** The `redirect` query parameter, read in the browser so the server can render the page statically. */
function redirectTarget(): string {
  if (typeof window === 'undefined') return '/';
  return safeReturnPath(new URLSearchParams(window.location.search).get('redirect'), '/');
}

/** The city sub-domain of the page's host (`bj` of `bj.youju.com`), or null on www, the desk or a bare root. */
function cityLabelOfHost(): string | null {
  const [label, ...rest] = window.location.hostname.split('.');
  return label && rest.length > 0 && /^[a-z]{1,12}$/.test(label) && label !== 'www' && label !== 'desk' ? label : null;
}

/**
 * copy.md's title `{城市名}找房 - 优居` on a city's 404. The page is one document built ahead for every host (Next
 * renders no other 404 to HTML, lib/front/not-found-document.ts), so it knows its city only here: the city list is
 * the picker's, an answer the forward keeps for everyone. An unknown sub-domain or a failed call keeps `找房 - 优居`.
 */
function useCityTitle() {
  useEffect(() => {
    const label = cityLabelOfHost();
    if (!label) return;
    let live = true;
    loadBrowserApi()
      .then((api) => api.fetchCities(api.browserContext()))
      .then((list) => {
        const city = [...list.hot, ...list.all.flatMap((g) => g.list)].find((c) => c.cityDomain === label);
        if (live && city) document.title = messages.siteTitle(city.cityName);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
}

export function NotFoundView() {
  const router = useRouter();
  const [left, setLeft] = useState(NOT_FOUND_COUNTDOWN);
  useCityTitle();

  useEffect(() => {
    if (left <= 0) {
      router.replace(redirectTarget());
      return;
    }
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left, router]);

  return (
    <div className="error-page">
      <div className="error-page__code">404</div>
      <h1>{messages.notFound}</h1>
      <p className="error-page__countdown">{messages.countdown(left)}</p>
      <Link href="/" className="btn btn--primary">
        {messages.backHome}
      </Link>
    </div>
  );
}
