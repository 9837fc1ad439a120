import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while hydrating, true once React owns the page. A form keeps its controls disabled
 * until then: before hydration a click submits the form natively (a reload, or a GET with a password in the address),
 * a picked file reaches no handler, and what was typed into a controlled field is reset by React's first render.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
