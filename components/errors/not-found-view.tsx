'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { messages } from '@/lib/client/messages';

/** spec §2/§9: the 404 page counts down from 3 s, then goes to `redirect` (same-origin paths only) or home. */
export const NOT_FOUND_COUNTDOWN = 3;

/** The 404's code that can wait: the redirect target and the city's title (./not-found-later.ts). */
const later = () => import('./not-found-later');

/**
 * copy.md's title `{城市名}找房 - 优居` on a city's 404. The page is one document built ahead for every host (Next
 * renders no other 404 to HTML, lib/front/not-found-document.ts), so it knows its city only here: the city list is
 * the picker's, an answer the forward keeps for everyone. An unknown sub-domain or a failed call keeps `找房 - 优居`.
 * The code that asks loads with the 404, not with every page.
 */
function useCityTitle() {
  useEffect(() => {
    let live = true;
    later()
      .then(({ cityTitle }) => cityTitle())
      .then((title) => {
        if (live && title) document.title = title;
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
      later().then(
        ({ redirectTarget }) => router.replace(redirectTarget()),
        () => router.replace('/'),
      );
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
