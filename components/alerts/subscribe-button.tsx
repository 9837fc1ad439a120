'use client';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AlertSearchAdd } from '@contracts/alerts';
import { listMessages } from '@/lib/client/list-messages';
import './alerts.css';

const M = listMessages.subscribe;

/** A list's address with this hash saves the list: the login brings the visitor back to it. */
export const SUBSCRIBE_HASH = '#dingyue';
/** The list this tab sent to the login to be saved (sessionStorage): the hash alone is no request to save. */
const PENDING_KEY = 'yj_subscribe_pending';

export interface SubscribeButtonProps {
  /** The list as its call asks for it (contracts/alerts.ts alertSearchAdd). */
  search: AlertSearchAdd;
}

/**
 * 订阅 on every list page (components/listing/channel-list.tsx): saves the list with its conditions for 优居找房助手.
 * The page is one cached render for everyone, so who is looking is learnt from the save itself: a visitor's 401
 * goes to the login with this list and the hash as the return path, and back here the save is made (only when this tab
 * asked for it: a link with the hash from elsewhere saves nothing). A list saved already (409) shows as 已订阅; the backend's message shows on any other refusal (20 at most).
 */
export function SubscribeButton({ search }: SubscribeButtonProps) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState('');
  const once = useRef(false);

  const save = useCallback(async () => {
    setState('busy');
    setError('');
    try {
      // The save's code loads with the first click (as the follow button's), the API and the alerts' words with it.
      const { saveSearch } = await import('./subscribe-save');
      // 'login': on the way to the login, which brings the visitor back with the hash.
      if ((await saveSearch(search, SUBSCRIBE_HASH, PENDING_KEY)) === 'done') setState('done');
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : M.failed);
      setState('idle');
    }
  }, [search]);

  // Back from the login with the hash: save once, and drop the hash so a reload does not repeat it.
  useEffect(() => {
    if (once.current || window.location.hash !== SUBSCRIBE_HASH) return;
    once.current = true;
    const here = `${window.location.pathname}${window.location.search}`;
    window.history.replaceState(null, '', here);
    const pending = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    // Started after the effect (it sets the button's state).
    if (pending === here) queueMicrotask(() => void save());
  }, [save]);

  return (
    <div className="subscribe">
      {state === 'done' ? (
        <>
          <span className="btn subscribe__button is-on" role="status">
            {M.subscribed}
          </span>
          <Link className="subscribe__mine" href="/personal/subscribe" prefetch={false}>
            {M.toMine}
          </Link>
        </>
      ) : (
        <button
          type="button"
          className="btn subscribe__button"
          title={M.hint}
          disabled={state === 'busy'}
          onClick={() => void save()}
        >
          {M.subscribe}
        </button>
      )}
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
