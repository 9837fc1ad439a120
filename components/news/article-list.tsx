import Link from 'next/link';
import type { ArticleSummary } from '@contracts/news';
import { formatDate } from '@/lib/format';
import { messages } from '@/lib/messages';
import { articlePath } from '@/lib/news-paths';

/** A list of articles: cover, title, summary, category, author and date, newest first as the backend gives them. */
export function ArticleList({ articles, covers = true }: { articles: ArticleSummary[]; covers?: boolean }) {
  const N = messages.news;
  return (
    <ul className="news-list">
      {articles.map((a) => (
        <li key={a.id} className="news-list__item">
          {covers && a.coverUrl && (
            <Link href={articlePath(a.category, a.id)} className="news-list__cover" tabIndex={-1} aria-hidden="true">
              {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
              <img src={a.coverUrl} alt="" loading="lazy" width={200} height={134} />
            </Link>
          )}
          <div className="news-list__text">
            <h3 className="news-list__title">
              <Link href={articlePath(a.category, a.id)}>{a.title}</Link>
            </h3>
            <p className="news-list__summary">{a.summary}</p>
            <p className="news-list__meta">
              <span className="news-tag">{messages.newsCategories[a.category]}</span>
              {N.byline(a.author, formatDate(a.publishedAt))}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Titles only, with their dates: the side column and the front page's category blocks. */
export function ArticleTitles({ articles }: { articles: ArticleSummary[] }) {
  return (
    <ul className="news-titles">
      {articles.map((a) => (
        <li key={a.id}>
          <Link href={articlePath(a.category, a.id)}>{a.title}</Link>
          <time dateTime={a.publishedAt}>{formatDate(a.publishedAt).slice(5)}</time>
        </li>
      ))}
    </ul>
  );
}
