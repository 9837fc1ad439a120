'use client';
import { useEffect, useState } from 'react';

/** Seconds left, counting down once a second to 0 (a "重新获取" wait); `start(n)` sets it, `start(0)` stops it. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return [left, setLeft];
}
