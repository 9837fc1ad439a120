import { ServerPhoto } from '@/components/layout/server-photo';
import Link from 'next/link';
import type { Article } from '@contracts/news';
import { formatDate } from '@/lib/format';
import { messages } from '@/lib/messages';
import { categoryPath, NEWS_ROOT } from '@/lib/news-paths';
import { ArticleBody } from './article-body';
import { ArticleCards } from './article-cards';
import { ArticleList } from './article-list';

/**
 * An article (`/news/{category}/{id}.html`): where it is in the section, its title, author and date, tags, cover,
 * text, the cards of what it mentions and its related articles.
 */
export function ArticleView({ article, cardOrigin }: { article: Article; cardOrigin: string }) {
  const N = messages.news;
  const category = messages.newsCategories[article.category];
  return (
    <article className="article">
      <nav className="article__crumbs" aria-label={messages.a11y.breadcrumb}>
        <Link href={NEWS_ROOT}>{N.title}</Link> &gt; <Link href={categoryPath(article.category)}>{category}</Link>
      </nav>
      <h1 className="article__title">{article.title}</h1>
      <p className="article__meta">
        <span className="news-tag">{category}</span>
        {N.byline(article.author, formatDate(article.publishedAt))}
      </p>
      {article.tags.length > 0 && (
        <ul className="article__tags">
          {article.tags.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
      <p className="article__summary">{article.summary}</p>
      {article.coverUrl && (
        <ServerPhoto className="article__cover" src={article.coverUrl} alt={article.title} width={760} height={456} />
      )}
      <ArticleBody body={article.body} />
      {article.cards.length > 0 && (
        <section className="article__section">
          <h2 className="article__section-title">{N.cards}</h2>
          <ArticleCards cards={article.cards} origin={cardOrigin} />
        </section>
      )}
      {article.related.length > 0 && (
        <section className="article__section">
          <h2 className="article__section-title">{N.related}</h2>
          <ArticleList articles={article.related} covers={false} />
        </section>
      )}
    </article>
  );
}
