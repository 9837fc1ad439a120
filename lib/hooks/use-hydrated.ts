import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False in the server's HTML and until hydration: a click before then would submit a form natively (a reload). */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
