'use client';
import { useLayoutEffect } from 'react';

/** Where the home was scrolled to when the visitor last left it (this tab's script). */
let keptY: number | null = null;
/** The path a back or forward went to: a page the visitor has seen, to be shown where they left it. */
let traversedTo: string | null = null;
if (typeof window !== 'undefined')
  window.addEventListener('popstate', () => {
    traversedTo = window.location.pathname;
  });

/**
 * spec §2 "index" layout, the home kept alive: going back to the home puts it where it was scrolled. The router
 * draws the home from its cache at once, but the browser restores the scroll on `popstate`, while the page shown is
 * still the list being left, so it lands where the list allowed (near the top). The home's own place is kept here as
 * the visitor scrolls it and restored once it is drawn again by a back or forward; a link to the home starts at the
 * top, as any new page. Renders nothing.
 */
export function KeptScroll() {
  useLayoutEffect(() => {
    const path = window.location.pathname;
    if (traversedTo === path && keptY !== null) window.scrollTo(0, keptY);
    traversedTo = null;
    // A scroll after the visitor left (the next page drawn at the top) is not the home's.
    const onScroll = () => {
      if (window.location.pathname === path) keptY = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return null;
}
