'use client';
import { messages } from '@/lib/client/messages';

export function ServerErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="error-page">
      <div className="error-page__code">500</div>
      <h1>{messages.serverBusy}</h1>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {messages.retry}
      </button>
    </div>
  );
}
