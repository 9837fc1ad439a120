import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { listingMessages } from '@/lib/client/listing-messages';
import { withTracking } from '@/lib/client/track-later';
import './viewing.css';

const M = listingMessages.viewingButton;
/** The dialog's module loads with the first click: no first page load carries it (first-load JS: at most +25 kB gzip a route). */
const ViewingDialog = lazy(() => import('./viewing-dialog'));

/** The detail page's address with this hash opens the dialog: the login brings the visitor back to it. */
export const BOOK_HASH = '#yuyue';

export interface BookViewingProps {
  /** contracts/channels.ts businessType: 1 二手房, 2 租房. */
  businessType: 1 | 2;
  listingId: number;
}

/**
 * 预约看房 on a second-hand or rental detail page (spec §2 Personal centre). The page is one cached render for everyone, so who
 * is looking is asked at the click (`/auth/me`, as the header's user box does): a visitor goes to login with
 * this page (and the hash that reopens the dialog) as the return path; a user gets the booking dialog.
 */
export function BookViewing({ businessType, listingId }: BookViewingProps) {
  const [state, setState] = useState<'idle' | 'checking' | 'open'>('idle');

  const start = useCallback(async () => {
    setState('checking');
    try {
      // The click's code loads with the first click (first-load JS: at most +25 kB gzip a route).
      const { mayBook } = await import('./viewing-start');
      if (await mayBook(`${window.location.pathname}${window.location.search}${BOOK_HASH}`)) setState('open');
    } catch {
      // The code did not load (offline, a new deployment): the button is there to try again.
      setState('idle');
    }
  }, []);

  useEffect(() => {
    if (window.location.hash !== BOOK_HASH) return;
    // Back from the login: the hash has done its work; a reload should not reopen the dialog.
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
    // The URL is the outside state read here, once, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void start();
  }, [start]);

  return (
    <>
      <button
        type="button"
        className="btn btn--primary book-viewing"
        // Not `disabled` while checking: a disabled button loses focus, and the dialog gives focus back to its opener.
        aria-disabled={state === 'checking' ? true : undefined}
        onClick={() => {
          if (state !== 'idle') return;
          // spec §7 behavior/opportunity: the click is the contact, whether a login or the dialog follows.
          withTracking((t) => t.trackContact('预约看房', { businessType, businessId: listingId }));
          void start();
        }}
      >
        {state === 'checking' ? M.checking : M.book}
      </button>
      {state === 'open' && (
        <Suspense fallback={null}>
          <ViewingDialog businessType={businessType} listingId={listingId} onClose={() => setState('idle')} />
        </Suspense>
      )}
    </>
  );
}
