/**
 * The header's user box asks who is looking once, when the page loads (components/header/user-box.tsx). A form
 * that changes what it shows (the nickname) tells it at once through this window event instead of
 * waiting for the next page load.
 */
export const USER_CHANGED_EVENT = 'youju:user-changed';

export interface UserChangedDetail {
  /** The name to show (the nickname, or the masked mobile: lib/format.ts displayName). */
  name: string;
}

export function announceUserChanged(detail: UserChangedDetail): void {
  window.dispatchEvent(new CustomEvent<UserChangedDetail>(USER_CHANGED_EVENT, { detail }));
}
