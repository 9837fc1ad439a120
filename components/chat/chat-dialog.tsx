'use client';
import { useEffect, useRef, type ReactNode } from 'react';
import { focusFirst, useModalDialog } from '@/lib/hooks/use-modal-dialog';

export interface ChatDialogProps {
  label: string;
  /** Which view is shown (the thread list, or one conversation): focus moves to the new view's first control. */
  view: number | null;
  live: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The open chat widget as a modal dialog (lib/hooks/use-modal-dialog.ts): the page behind waits while the user
 * chats, Esc, 关闭 or a click beside it closes it, and focus comes back to what opened it (the chat header, 在线咨询).
 * The button that opened a conversation goes with the list, so a change of view hands focus to the new view (the
 * composer, marked data-autofocus) rather than leaving it nowhere.
 */
export function ChatDialog({ label, view, live, onClose, children }: ChatDialogProps) {
  const dialog = useModalDialog(onClose);
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view || !dialog.ref.current) return;
    shownView.current = view;
    focusFirst(dialog.ref.current);
  }, [view, dialog.ref]);
  return (
    <dialog {...dialog} className="chat-panel" aria-label={label} data-live={live}>
      {children}
    </dialog>
  );
}
