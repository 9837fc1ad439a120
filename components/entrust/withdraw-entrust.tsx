'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { messages } from '@/lib/client-messages';

const M = messages.entrustForm;

/** 撤回 on a 审核中 entrust in 委托管理: asks first, then the page reads the list again. */
export function WithdrawEntrust({ entrustId }: { entrustId: number }) {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const withdraw = async () => {
    if (!window.confirm(M.confirmWithdraw)) return;
    setSending(true);
    setError('');
    try {
      const [{ browserContext, handleSessionError }, { withdrawEntrust }] = await Promise.all([import('@/lib/api/browser'), import('@/lib/api/browser-endpoints')]);
      try {
        await withdrawEntrust(browserContext(), entrustId);
      } catch (err) {
        if (handleSessionError(err)) return;
        throw err;
      }
      router.refresh();
      setSending(false);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : M.withdrawFailed);
      setSending(false);
    }
  };

  return (
    <>
      <button type="button" className="btn entrust-item__action" disabled={sending} onClick={() => void withdraw()}>
        {sending ? M.withdrawing : M.withdraw}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
