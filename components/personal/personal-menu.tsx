'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';

export interface PersonalMenuItem {
  href: string;
  label: string;
  className?: string;
  /** Other pages that belong to this entry (我要卖房 to 卖房管理). */
  also?: readonly string[];
}

export interface PersonalMenuProps {
  label: string;
  items: readonly PersonalMenuItem[];
}

/**
 * The personal left menu's links (spec §2 "Personal left menu"). A client leaf because the layout around it is
 * not rendered again when the visitor moves between personal pages: the current entry follows the path here.
 */
export function PersonalMenu({ label, items }: PersonalMenuProps) {
  const here = usePathname();
  return (
    <nav aria-label={label}>
      {items.map((item) => (
        <Link
          key={item.href}
          href={item.href}
          className={item.className}
          aria-current={here === item.href || item.also?.includes(here) ? 'page' : undefined}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
