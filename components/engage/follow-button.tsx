import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '@/lib/client/messages';
import { listingMessages } from '@/lib/client/listing-messages';
import { loginPath } from '@/lib/return-path';
import { useFollowStatus } from '@/lib/swr/use-follow-status';
import './follow.css';

const M = listingMessages.follow;

/** The detail page's address with this hash follows the listing: the login brings the visitor back to it. */
export const FOLLOW_HASH = '#guanzhu';

export interface FollowButtonProps {
  /** contracts/channels.ts businessType: 1 二手房, 2 租房. */
  businessType: 1 | 2;
  listingId: number;
}

/**
 * 关注 / 已关注 on a second-hand or rental detail page (spec §2 Personal centre), with how many follow it. The page is one cached
 * render for everyone (关注, no count), so the state is asked in the browser (useFollowStatus); no session is a
 * visitor, whose click goes to login with this page (and the hash that follows on return) as the return path. A
 * click of a user follows or stops following; the backend's answer is what is shown.
 */
export function FollowButton({ businessType, listingId }: FollowButtonProps) {
  // Back from the login with the hash: follow once the state is known (read at mount, before the answer).
  const followNow = useRef(false);
  const { data: state, error: stateError, answer } = useFollowStatus(businessType, listingId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const change = useCallback(
    async (follow: boolean) => {
      setBusy(true);
      setError('');
      try {
        // The click's code loads with the first click (first-load JS: at most +25 kB gzip a route), the API with it.
        const { sendFollow } = await import('@/lib/client/follow-change');
        const back = `${window.location.pathname}${window.location.search}${FOLLOW_HASH}`;
        const status = await sendFollow(businessType, listingId, follow, back);
        // null: on the way to the login.
        if (status === null) return;
        answer({ kind: 'user', status });
      } catch (err) {
        setError(err instanceof Error && err.message ? err.message : messages.serverBusy);
      }
      setBusy(false);
    },
    [businessType, listingId, answer],
  );

  // The hash has done its work; a reload should not repeat it.
  useEffect(() => {
    followNow.current = window.location.hash === FOLLOW_HASH;
    if (followNow.current) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  }, []);

  // The first answer: a user back from the login with the hash follows now; a failure forgets the hash.
  useEffect(() => {
    if (!followNow.current || (state === undefined && stateError === undefined)) return;
    followNow.current = false;
    // The answer is the outside state that starts the follow, once (as SWR's onSuccess did).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (state?.kind === 'user' && !state.status.followed) void change(true);
  }, [state, stateError, change]);

  const followed = state?.kind === 'user' && state.status.followed;
  const onClick = () => {
    if (state?.kind === 'visitor') {
      window.location.assign(loginPath(`${window.location.pathname}${window.location.search}${FOLLOW_HASH}`));
      return;
    }
    void change(!followed);
  };

  return (
    <div className="follow">
      <button
        type="button"
        className={`btn follow__button${followed ? ' is-on' : ''}`}
        aria-pressed={followed}
        // Who is looking, once known (visitor or user): what the page's tests wait for.
        data-state={state?.kind}
        title={followed ? M.unfollow : undefined}
        disabled={busy}
        onClick={onClick}
      >
        {followed ? M.followed : M.follow}
      </button>
      {state?.kind === 'user' && <span className="follow__count">{M.followers(state.status.followers)}</span>}
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
