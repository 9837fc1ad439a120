'use client';
import { useEffect } from 'react';
import { ServerErrorView } from '@/components/errors/server-error-view';

/** spec §8 "Any other status": 网络繁忙，请稍后再试 with a retry. */
export default function Error({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="error-shell">
      <ServerErrorView onRetry={reset} />
    </main>
  );
}
