import type { Metadata } from 'next';
import { ServerPhoto } from '@/components/layout/server-photo';
import { ArticleBody } from '@/components/news/article-body';
import { ArticleCards } from '@/components/news/article-cards';
import '@/components/news/news.css';
import { formatDate } from '@/lib/format';
import { cityOrigin } from '@/lib/host';
import { messages } from '@/lib/messages';
import { articlePath, newsQueryPath } from '@/lib/news-paths';
import { config } from '@/lib/server/config';
import { articleLayoutSeo, loadArticlePage, type ArticleProps } from '@/lib/server/news';
import { JsonLd } from '@/components/seo/json-ld';
import { qrDataUrl } from '@/lib/server/qr';

/** The post's metadata; canonical is the article (lib/server/seo.ts articleSeo). */
async function seoOf({ params }: ArticleProps) {
  const { city, id } = await params;
  const { article, city: c } = await loadArticlePage(city, id);
  return articleLayoutSeo(article, c, newsQueryPath('detailWxArt', article.id), article.title, article.summary);
}

export async function generateMetadata(props: ArticleProps): Promise<Metadata> {
  return (await seoOf(props)).metadata;
}

/**
 * spec §2 fixed route `/news/detailWxArt?id=12` (rewritten to this path, lib/redirect-rules.ts): the article laid out
 * as a WeChat official-account post, for sharing there: one narrow column in the h5 layout (no header or footer), the
 * account line 优居{城市} with 原创, author and date, the text, the cards, 阅读原文 (the article's page) and its QR code.
 */
export default async function NewsWxArticle(props: ArticleProps) {
  const { city: domain, id } = await props.params;
  const { article, city, cardOrigin } = await loadArticlePage(domain, id);
  const { jsonLd } = await seoOf(props);
  const N = messages.news;
  const original = `${cityOrigin(article.cityDomain ?? domain, config)}${articlePath(article.category, article.id)}`;
  const qr = await qrDataUrl(original);
  return (
    <article className="wx-article">
      <JsonLd data={jsonLd} />
      <h1 className="wx-article__title">{article.title}</h1>
      <p className="wx-article__meta">
        <span className="wx-article__original">{N.wxOriginal}</span>
        <span>{article.author}</span>
        <span className="wx-article__account">{N.wxAccount(city.cityName)}</span>
        <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
      </p>
      {article.coverUrl && (
        <ServerPhoto className="wx-article__cover" src={article.coverUrl} alt={article.title} width={345} height={207} />
      )}
      <ArticleBody body={article.body} />
      {article.cards.length > 0 && <ArticleCards cards={article.cards} origin={cardOrigin} />}
      <p className="wx-article__foot">
        <a href={original}>{N.wxReadOriginal}</a>
      </p>
      <figure className="wx-article__qr">
        <ServerPhoto src={qr} alt={N.qrAlt(article.title)} width={120} height={120} />
        <figcaption>{N.wxFooter}</figcaption>
      </figure>
    </article>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
