'use client';
import { useCallback, useState } from 'react';
import { DeskCallError } from './desk-api';

export interface DeskError {
  /** The last failure, shown above the conversation until closed or the next action. */
  error: string;
  setError: (message: string) => void;
  /** A failed call: 401 (the token no longer holds) ends the desk, anything else is shown with the backend's words. */
  fail: (err: unknown) => void;
}

export function useDeskError({
  networkError,
  sessionEnded,
  onEnded,
}: {
  networkError: string;
  sessionEnded: string;
  onEnded: (why: string) => void;
}): DeskError {
  const [error, setError] = useState('');
  const fail = useCallback(
    (err: unknown) => {
      if (err instanceof DeskCallError && err.status === 401) return onEnded(err.message || sessionEnded);
      setError((err instanceof DeskCallError && err.message) || networkError);
    },
    [networkError, sessionEnded, onEnded],
  );
  return { error, setError, fail };
}
