'use client';
import { useEffect } from 'react';
import { ServerErrorView } from '@/components/errors/server-error-view';
import { isChunkLoadError, reloadForChunk } from '@/lib/client/chunk-reload';

/**
 * spec §8 "Any other status": 网络繁忙，请稍后再试 with a retry. A code chunk that failed to load reloads the page
 * instead, at most once a minute (spec §8; lib/client/chunk-reload.ts); past that this page shows.
 */
export default function Error({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    if (isChunkLoadError(error) && reloadForChunk()) return;
    console.error(error);
  }, [error]);
  return (
    <main className="error-shell">
      <ServerErrorView onRetry={reset} />
    </main>
  );
}
