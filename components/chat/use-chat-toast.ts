'use client';
import { useCallback, useEffect, useRef, useState } from 'react';

/** spec §9: 400002's text (and the other refusals) shows 3 s. */
export const CHAT_TOAST_MS = 3000;

/** The widget's toast: one text at a time, gone after 3 s; a new one replaces it and starts the 3 s again. */
export function useChatToast(): [string | null, (text: string) => void] {
  const [toast, setToast] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showToast = useCallback((text: string) => {
    clearTimeout(timer.current);
    setToast(text);
    timer.current = setTimeout(() => setToast(null), CHAT_TOAST_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [toast, showToast];
}
