import { messages } from '@/lib/messages';

/** The id of every page's main content, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * WCAG 2.4.1 (bypass blocks): the first stop of the keyboard jumps over the header, its menus and the search bar to
 * the page's own content. Hidden until focused. The target is a `<main id={MAIN_ID} tabIndex={-1}>`, so focus moves
 * there too (a link to a plain element would scroll without moving where the next Tab starts in some browsers).
 */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {messages.a11y.skipToMain}
    </a>
  );
}
