'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { alertMessages } from '@/lib/client/alert-messages';
import './alerts.css';

const M = alertMessages.alerts;

export interface SavedSearchActionsProps {
  id: number;
  paused: boolean;
  /** The saved list's address (on its city's host). */
  href: string;
}

/**
 * A saved search's buttons in 我的订阅: 查看列表 (its new homes count as seen), 暂停提醒 / 恢复提醒 and 删除 (asked
 * first). Each is the user's own search; the page reads its list again after a change. A dead session goes to login.
 */
export function SavedSearchActions({ id, paused, href }: SavedSearchActionsProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const run = async (change: 'pause' | 'delete' | 'seen') => {
    if (change === 'delete' && !window.confirm(M.confirmRemove)) return;
    setBusy(true);
    setError('');
    try {
      const [{ browserContext, handleSessionError }, api] = await Promise.all([
        import('@/lib/client/api'),
        import('@/lib/client/api-endpoints'),
      ]);
      try {
        if (change === 'pause') await api.pauseSavedSearch(browserContext(), { savedSearchId: id, paused: !paused });
        else if (change === 'delete') await api.deleteSavedSearch(browserContext(), { savedSearchId: id });
        else await api.seenSavedSearch(browserContext(), { savedSearchId: id });
      } catch (err) {
        if (handleSessionError(err)) return;
        throw err;
      }
      if (change === 'seen') {
        window.location.assign(href);
        return;
      }
      router.refresh();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : M.failed);
    }
    setBusy(false);
  };

  return (
    <div className="saved-search__actions">
      <a
        className="btn btn--primary"
        href={href}
        onClick={(e) => {
          e.preventDefault();
          void run('seen');
        }}
      >
        {M.open}
      </a>
      <button type="button" className="btn" disabled={busy} onClick={() => void run('pause')}>
        {paused ? M.resume : M.pause}
      </button>
      <button type="button" className="btn saved-search__delete" disabled={busy} onClick={() => void run('delete')}>
        {M.remove}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
