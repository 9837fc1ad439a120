'use client';
import { useEffect } from 'react';
import { ServerErrorView } from '@/components/errors/server-error-view';

export default function CityError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="error-shell">
      <ServerErrorView onRetry={reset} />
    </main>
  );
}
