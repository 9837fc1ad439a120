'use client';
import { useEffect } from 'react';
import { isChunkLoadError, reloadForChunk } from '@/lib/client/chunk-reload';

/**
 * A chunk that fails outside rendering (an `import()` in a click handler left uncaught) reloads the page too, at most
 * once a minute (spec §8); one that fails while rendering reaches the error boundary (app/(desktop)/error.tsx), which does the
 * same. Renders nothing.
 */
export function ChunkReload() {
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadForChunk();
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
  return null;
}
