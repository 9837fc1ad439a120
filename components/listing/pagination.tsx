import Link from 'next/link';
import { messages } from '@/lib/messages';

export interface PaginationProps {
  page: number;
  pages: number;
  href: (page: number) => string;
}

/** Page links around the current page (pg token in the path). */
export function Pagination({ page, pages, href }: PaginationProps) {
  if (pages <= 1) return null;
  const from = Math.max(1, page - 3);
  const to = Math.min(pages, from + 6);
  const nums: number[] = [];
  for (let i = from; i <= to; i++) nums.push(i);
  return (
    <nav className="pagination" aria-label={messages.a11y.pagination}>
      {page > 1 && <Link href={href(page - 1)}>{messages.prevPage}</Link>}
      {from > 1 && <Link href={href(1)}>1</Link>}
      {from > 2 && <span className="pagination__gap">…</span>}
      {nums.map((n) =>
        n === page ? (
          <span key={n} className="is-active" aria-current="page">
            {n}
          </span>
        ) : (
          <Link key={n} href={href(n)}>
            {n}
          </Link>
        ),
      )}
      {to < pages && <Link href={href(pages)}>{pages}</Link>}
      {page < pages && <Link href={href(page + 1)}>{messages.nextPage}</Link>}
    </nav>
  );
}
