'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

/** spec §4/§9: the loading bar starts only after 200 ms (fast navigations show nothing) and gives up after ~5 s. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_MAX_MS = 5000;

type NProgressApi = typeof import('nprogress');
let nprogress: Promise<NProgressApi> | undefined;

/** The bar's code is fetched on the first in-site link click, not with the page (first-load JS: at most +25 kB gzip a route). */
function loadNProgress(): Promise<NProgressApi> {
  nprogress ??= import('nprogress').then(({ default: NProgress }) => {
    NProgress.configure({ showSpinner: false, trickleSpeed: 200 });
    return NProgress;
  });
  return nprogress;
}

/** Finish the bar if it was ever loaded; after a pending start, as both wait on the same import. */
const done = () => void nprogress?.then((n) => n.done());

/**
 * App Router has no router events: start on a same-origin link click, finish when the URL has changed.
 */
export function ProgressBar() {
  const pathname = usePathname();
  const search = useSearchParams();

  useEffect(() => {
    let startTimer: ReturnType<typeof setTimeout> | undefined;
    let stopTimer: ReturnType<typeof setTimeout> | undefined;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a || a.target === '_blank' || a.hasAttribute('download')) return;
      const url = new URL(a.href, window.location.href);
      if (
        url.origin !== window.location.origin ||
        (url.pathname === window.location.pathname && url.search === window.location.search)
      )
        return;
      const bar = loadNProgress();
      clearTimeout(startTimer);
      startTimer = setTimeout(() => void bar.then((n) => n.start()), PROGRESS_THROTTLE_MS);
      clearTimeout(stopTimer);
      stopTimer = setTimeout(done, PROGRESS_MAX_MS);
    };
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      clearTimeout(startTimer);
      clearTimeout(stopTimer);
      done();
    };
  }, [pathname, search]);

  return null;
}
