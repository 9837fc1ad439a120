import type { FollowStatus } from '@contracts/house';

/**
 * 关注's click (or the follow a return from the login asks for): follows or stops following and gives the backend's
 * answer, or sends a visitor whose session is gone to the login (to come back to `back`) and gives null. Loaded with the first click, with the
 * API client: no first page load carries it (first-load JS, docs/performance.md). Failures are thrown, their message
 * the one to show.
 */
export async function sendFollow(
  businessType: 1 | 2,
  listingId: number,
  follow: boolean,
  back: string,
): Promise<FollowStatus | null> {
  const [{ browserContext }, { changeFollow }, { isSessionInvalid }] = await Promise.all([
    import('@/lib/client/api'),
    import('@/lib/client/api-endpoints'),
    import('@/lib/api/errors'),
  ]);
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
