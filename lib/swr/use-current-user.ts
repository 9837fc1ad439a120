'use client';
import { useEffect, useState } from 'react';
import type { HeaderUser } from '@/lib/header-user';
import { USER_CHANGED_EVENT, type UserChangedDetail } from '@/lib/client/user-changed';
import { whoAmI, WHO_AM_I } from '@/lib/client/who-am-i';
import { useAskedOnce } from './ask-once';

/**
 * The user for a client island: `undefined` while the answer is on its way, then the user or null (whoAmI asks
 * once per page load; login and logout load the page afresh, so the answer holds for the page's life; ./ask-once.ts,
 * as the header is on every first load). A name change announced by the profile form (lib/client/user-changed.ts)
 * shows at once, and wins over an answer still on its way.
 */
export function useCurrentUser(): HeaderUser | null | undefined {
  const { data } = useAskedOnce<HeaderUser | null>(WHO_AM_I, whoAmI);
  const [renamed, setRenamed] = useState<string | null>(null);
  useEffect(() => {
    const onChanged = (e: Event) => setRenamed((e as CustomEvent<UserChangedDetail>).detail.name);
    window.addEventListener(USER_CHANGED_EVENT, onChanged);
    return () => window.removeEventListener(USER_CHANGED_EVENT, onChanged);
  }, []);
  return data && renamed !== null ? { ...data, name: renamed } : data;
}
