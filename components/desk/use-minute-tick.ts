'use client';
import { useEffect, useState } from 'react';

/** spec §9 relative times (刚刚, n分钟前 …): the component that calls this renders again every minute. */
export function useMinuteTick(): void {
  const [, setMinute] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setMinute((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}
