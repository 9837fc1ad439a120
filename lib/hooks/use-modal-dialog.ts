'use client';
import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';

/** What Tab can reach: links, enabled form controls and anything given a tab stop. */
const TAB_STOPS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements of `root` that Tab reaches, in order; a control that is not drawn (a `hidden` file input) is none. */
export function tabStopsOf(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TAB_STOPS)].filter((el) => el.getClientRects().length > 0);
}

/** Where focus goes when the dialog opens or its view changes: the element marked `data-autofocus`, else the first tab stop. */
export function focusFirst(dialog: HTMLElement): void {
  const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? tabStopsOf(dialog)[0] ?? dialog;
  target.focus({ preventScroll: true });
}

const outside = (dialog: HTMLElement, e: { clientX: number; clientY: number }) => {
  const r = dialog.getBoundingClientRect();
  return e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
};

/**
 * A `<dialog>` shown as a modal for as long as its component lives (WCAG 2.2 AA; WAI-ARIA APG "Dialog (Modal)"):
 * showModal() makes the rest of the page inert and puts the dialog above it; focus moves in (see focusFirst); Tab and
 * Shift+Tab go round inside it (the browser's own order leaves the page for its address bar); Esc and a click on the
 * backdrop (pressed and released outside the box, so a text selection dragged out of it does not count) call
 * `onClose`; when the component goes, focus goes back to the element that had it before (the toggle, 在线咨询),
 * if that is still on the page. Spread the returned props on the `<dialog>`.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOutside = useRef(false);

  // A layout effect: its clean-up runs before React takes the dialog out of the page, so close() can still hand focus back.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    focusFirst(dialog);
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return {
    ref,
    // Esc: the dialog goes when its component goes, so React's state stays the one source of whether it is open.
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      e.preventDefault();
      onClose();
    },
    // Closed some other way (a second Esc, which the browser no longer lets the page cancel): the same as Esc. A close
    // event of a dialog shown again since (React's development double mount) is not one.
    onClose: (e: SyntheticEvent<HTMLDialogElement>) => {
      if (!e.currentTarget.open) onClose();
    },
    onMouseDown: (e: MouseEvent<HTMLDialogElement>) => {
      pressedOutside.current = e.target === e.currentTarget && outside(e.currentTarget, e);
    },
    onClick: (e: MouseEvent<HTMLDialogElement>) => {
      // A click on the backdrop is a click on the dialog element itself, outside its box.
      if (pressedOutside.current && e.target === e.currentTarget && outside(e.currentTarget, e)) onClose();
      pressedOutside.current = false;
    },
    onKeyDown: (e: KeyboardEvent<HTMLDialogElement>) => {
      if (e.key !== 'Tab') return;
      const stops = tabStopsOf(e.currentTarget);
      const [first, last] = [stops[0], stops[stops.length - 1]];
      if (!first || !last) return e.preventDefault();
      const active = document.activeElement;
      if (e.shiftKey && (active === first || active === e.currentTarget)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    },
  };
}
