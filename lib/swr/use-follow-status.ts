'use client';
import { useCallback } from 'react';
import type { FollowStatus } from '@contracts/house';
import { whoAmI } from '@/lib/client/who-am-i';
import { answerWith, useAskedOnce } from './ask-once';

/** visitor: no session (or a dead one); user: the caller's follow state and the follower count. */
export type FollowState = { kind: 'visitor' } | { kind: 'user'; status: FollowStatus };

/**
 * 关注 of a second-hand or rental listing, asked in the browser with the session cookie (the page is one cached
 * render for everyone). Who is looking is asked first (whoAmI, once per page and shared with the header): a visitor
 * is one without asking the backend, whose answer could only be a 401 (and a console error on every anonymous view).
 * `data` is `undefined` until the answer and after a failure other than a missing session, which leaves the button to
 * try on a click. `answer` takes the backend's answer to a follow or unfollow. Asked once per page view through
 * ask-once, not SWR: SWR was ≈5 kB gzip of the detail's first load for this one question (docs/performance.md).
 */
export function useFollowStatus(businessType: 1 | 2, listingId: number) {
  // A key of its own, not the API path: contracts/paths.ts would come into the first load with it.
  const key = `follow-status|${businessType}|${listingId}`;
  const asked = useAskedOnce<FollowState>(key, async () => {
    if ((await whoAmI()) === null) return { kind: 'visitor' };
    // The click's module asks (the API client with it): one loader in the first load for the state and the click.
    const { askFollowStatus } = await import('@/lib/client/follow-change');
    const status = await askFollowStatus(businessType, listingId);
    return status ? { kind: 'user', status } : { kind: 'visitor' };
  });
  const answer = useCallback((state: FollowState) => answerWith(key, state), [key]);
  return { ...asked, answer };
}
