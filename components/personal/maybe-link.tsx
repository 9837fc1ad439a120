import type { ReactNode } from 'react';

export interface MaybeLinkProps {
  /** Null when there is no page to go to (a home taken off the site): the same content, not a link. */
  href: string | null;
  className: string;
  children: ReactNode;
}

/** A personal list's cover or title: a link to the home's page while it has one. */
export function MaybeLink({ href, className, children }: MaybeLinkProps) {
  return href ? (
    <a href={href} className={className}>
      {children}
    </a>
  ) : (
    <span className={className}>{children}</span>
  );
}
