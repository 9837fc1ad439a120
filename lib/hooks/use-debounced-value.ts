'use client';
import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delayMs`; starts as `initial` (by default the first value). */
export function useDebouncedValue<T>(value: T, delayMs: number, initial: T = value): T {
  const [debounced, setDebounced] = useState(initial);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(t);
  }, [value, delayMs]);
  return debounced;
}
