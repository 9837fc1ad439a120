'use client';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { HeaderUser } from '@/lib/header-user';
import { USER_CHANGED_EVENT, type UserChangedDetail } from '@/lib/client/user-changed';
import { whoAmI, WHO_AM_I } from '@/components/header/current-user';

/**
 * The user for a client island: `undefined` while the answer is on its way, then the user or null (whoAmI asks
 * once per page load). A name change announced by the profile form (lib/client/user-changed.ts) shows at once, and wins
 * over an answer still on its way.
 */
export function useCurrentUser(): HeaderUser | null | undefined {
  const { data } = useSWR<HeaderUser | null>(WHO_AM_I, whoAmI, ASK_ONCE_USER);
  const [renamed, setRenamed] = useState<string | null>(null);
  useEffect(() => {
    const onChanged = (e: Event) => setRenamed((e as CustomEvent<UserChangedDetail>).detail.name);
    window.addEventListener(USER_CHANGED_EVENT, onChanged);
    return () => window.removeEventListener(USER_CHANGED_EVENT, onChanged);
  }, []);
  return data && renamed !== null ? { ...data, name: renamed } : data;
}

/** Login and logout load the page afresh, so the answer holds for the page's life: never asked again. */
const ASK_ONCE_USER = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false } as const;
