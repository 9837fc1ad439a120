import type { Metadata } from 'next';
import Link from 'next/link';
import { ArticleCards } from '@/components/news/article-cards';
import { NewsNav } from '@/components/news/news-nav';
import { messages } from '@/lib/messages';
import { articlePath } from '@/lib/news-paths';
import { loadArticlePage, type ArticleProps } from '@/lib/server/news';

export async function generateMetadata({ params }: ArticleProps): Promise<Metadata> {
  const { city, id } = await params;
  const { article, city: c } = await loadArticlePage(city, id);
  return { title: messages.pageTitle(messages.news.houseCardTitle(article.title), c.cityName) };
}

/**
 * spec §2 fixed route `/news/detailHouseCard?id=12` (rewritten to this path, lib/redirect-rules.ts): the listing
 * cards of an article on their own, as the app opens them under an article (文中房源), each with its current price and
 * a link to its page, and a link back to the whole article.
 */
export default async function NewsHouseCards({ params }: ArticleProps) {
  const { city, id } = await params;
  const { article, cardOrigin } = await loadArticlePage(city, id);
  const N = messages.news;
  return (
    <>
      <NewsNav active={article.category} />
      <div className="container news-page">
        <h1 className="news-page__title">{N.houseCardTitle(article.title)}</h1>
        <p className="article__summary">{article.cards.length > 0 ? N.houseCardIntro(article.cards.length) : N.houseCardEmpty}</p>
        <ArticleCards cards={article.cards} origin={cardOrigin} />
        <p className="news-more-link">
          <Link href={articlePath(article.category, article.id)}>{N.readArticle} &gt;</Link>
        </p>
      </div>
    </>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
