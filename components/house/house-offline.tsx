'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { messages } from '@/lib/client-messages';

const M = messages.houseManage;

/** 下架 on a published home in 卖房管理 / 租房管理: asks first, then the page reads the list again (已下架). */
export function HouseOffline({ entrustId }: { entrustId: number }) {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const takeDown = async () => {
    if (!window.confirm(M.confirmOffline)) return;
    setSending(true);
    setError('');
    try {
      const [{ browserContext, handleSessionError }, { takeHouseOffline }] = await Promise.all([import('@/lib/api/browser'), import('@/lib/api/browser-endpoints')]);
      try {
        await takeHouseOffline(browserContext(), entrustId);
      } catch (err) {
        if (handleSessionError(err)) return;
        throw err;
      }
      router.refresh();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : M.offlineFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <button type="button" className="btn house-card__action house-card__offline" disabled={sending} onClick={() => void takeDown()}>
        {sending ? M.offlining : M.offline}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
