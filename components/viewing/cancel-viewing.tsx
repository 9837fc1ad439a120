'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { messages } from '@/lib/client-messages';

const M = messages.viewingForm;

/** 取消预约 on a pending or confirmed booking in 看房记录: asks first, then the page reads the list again. */
export function CancelViewing({ viewingId }: { viewingId: number }) {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const cancel = async () => {
    if (!window.confirm(M.confirmCancel)) return;
    setSending(true);
    setError('');
    try {
      const [{ browserContext, handleSessionError }, { cancelViewing }] = await Promise.all([import('@/lib/api/browser'), import('@/lib/api/browser-endpoints')]);
      try {
        await cancelViewing(browserContext(), viewingId);
      } catch (err) {
        if (handleSessionError(err)) return;
        throw err;
      }
      router.refresh();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : M.cancelFailed);
      setSending(false);
    }
  };

  return (
    <>
      <button type="button" className="btn viewing-record__cancel" disabled={sending} onClick={() => void cancel()}>
        {sending ? M.cancelling : M.cancel}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
