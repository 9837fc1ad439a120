'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { messages } from '@/lib/client/messages';
import { safeReturnPath } from '@/lib/return-path';

/** spec §2/§9: the 404 page counts down from 3 s, then goes to `redirect` (same-origin paths only) or home. */
export const NOT_FOUND_COUNTDOWN = 3;

/** The `redirect` query parameter, read in the browser so the server can render the page statically. */
function redirectTarget(): string {
  if (typeof window === 'undefined') return '/';
  return safeReturnPath(new URLSearchParams(window.location.search).get('redirect'), '/');
}

export function NotFoundView() {
  const router = useRouter();
  const [left, setLeft] = useState(NOT_FOUND_COUNTDOWN);

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
