'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

/** The personal pages' one-click changes of one's own things, each a browser call taking the thing's id. */
export type ConfirmActionName = 'cancelViewing' | 'withdrawEntrust' | 'takeHouseOffline';

export interface ConfirmActionProps {
  action: ConfirmActionName;
  id: number;
  label: string;
  busyLabel: string;
  /** Asked before anything is sent. */
  confirm: string;
  /** Shown when the call failed without a message of the backend's. */
  failed: string;
  className: string;
}

/**
 * A button that asks first, makes the change, then has the page read its list again (取消预约 in 看房记录, 撤回 in
 * 委托管理, 下架 in 卖房管理). A dead session goes to login; any other refusal shows the backend's message.
 */
export function ConfirmAction({ action, id, label, busyLabel, confirm, failed, className }: ConfirmActionProps) {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const run = async () => {
    if (!window.confirm(confirm)) return;
    setSending(true);
    setError('');
    try {
      const [{ browserContext, handleSessionError }, endpoints] = await Promise.all([
        import('@/lib/client/api'),
        import('@/lib/client/api-endpoints'),
      ]);
      try {
        await endpoints[action](browserContext(), id);
      } catch (err) {
        if (handleSessionError(err)) return;
        throw err;
      }
      router.refresh();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : failed);
    }
    setSending(false);
  };

  return (
    <>
      <button type="button" className={`btn ${className}`} disabled={sending} onClick={() => void run()}>
        {sending ? busyLabel : label}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
