import type { Metadata } from 'next';
import Link from 'next/link';
import { ArticleCards } from '@/components/news/article-cards';
import { NewsNav } from '@/components/news/news-nav';
import { messages } from '@/lib/messages';
import { articlePath, newsQueryPath } from '@/lib/news-paths';
import { articleLayoutSeo, loadArticlePage, type ArticleProps } from '@/lib/server/news';
import { JsonLd } from '@/components/seo/json-ld';

/** The cards' own metadata; canonical is the article (lib/server/seo.ts articleSeo). */
async function seoOf({ params }: ArticleProps) {
  const { city, id } = await params;
  const { article, city: c } = await loadArticlePage(city, id);
  const N = messages.news;
  return articleLayoutSeo(
    article,
    c,
    newsQueryPath('detailHouseCard', article.id),
    N.houseCardTitle(article.title),
    messages.seo.houseCards(article.title, article.cards.length),
  );
}

export async function generateMetadata(props: ArticleProps): Promise<Metadata> {
  return (await seoOf(props)).metadata;
}

/**
 * spec §2 fixed route `/news/detailHouseCard?id=12` (rewritten to this path, lib/redirect-rules.ts): the listing
 * cards of an article on their own, as the app opens them under an article (文中房源), each with its current price and
 * a link to its page, and a link back to the whole article.
 */
export default async function NewsHouseCards(props: ArticleProps) {
  const { city, id } = await props.params;
  const { article, cardOrigin } = await loadArticlePage(city, id);
  const { jsonLd } = await seoOf(props);
  const N = messages.news;
  return (
    <>
      <JsonLd data={jsonLd} />
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
