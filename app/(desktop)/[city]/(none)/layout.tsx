import type { ReactNode } from 'react';

/**
 * spec §2 "none" layout: the page alone, no header, footer or widget. For a page that is a notice and its one link
 * (the 303 brand-upgrade page, spec §8): the site's navigation there would lead back into the site being left.
 */
export default function NoneLayout({ children }: { children: ReactNode }) {
  return children;
}
