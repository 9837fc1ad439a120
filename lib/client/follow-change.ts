import type { FollowStatus } from '@contracts/house';
import { isSessionInvalid } from '@/lib/api/errors';
import { browserContext } from '@/lib/client/api';
import { changeFollow, fetchFollowStatus } from '@/lib/client/api-endpoints';

/**
 * The caller's follow state and the follower count, or null when there is no session after all (a dead cookie): asked
 * by lib/swr/use-follow-status.ts after the page's first look, with this module, so the click finds it loaded and the
 * first load carries one loader for both instead of two.
 */
export async function askFollowStatus(businessType: 1 | 2, listingId: number): Promise<FollowStatus | null> {
  try {
    return await fetchFollowStatus(browserContext(), { businessType, listingId });
  } catch (err) {
    if (isSessionInvalid(err)) return null;
    throw err;
  }
}

/**
 * 关注's click (or the follow a return from the login asks for): follows or stops following and gives the backend's
 * answer, or sends a visitor whose session is gone to the login (to come back to `back`) and gives null. Loaded with the first click, the API
 * client with it (one batch of scripts, fetched together): no first page load carries it (first-load JS, docs/performance.md). Failures are thrown, their message
 * the one to show.
 */
export async function sendFollow(
  businessType: 1 | 2,
  listingId: number,
  follow: boolean,
  back: string,
): Promise<FollowStatus | null> {
  try {
    return await changeFollow(browserContext(), { businessType, listingId, follow });
  } catch (err) {
    if (!isSessionInvalid(err)) throw err;
    // No session after all (a click before the state was known, or one that died): login, the dead cookie cleared on
    // the way (spec §8, as handleSessionError), and back with the hash that follows.
    // A full load on purpose: the route handler clears the HttpOnly cookie, which script cannot do.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`/auth/expired?prePath=${encodeURIComponent(back)}`);
    return null;
  }
}
