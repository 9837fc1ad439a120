import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { isNewsCategory, NEWS_MAX_PAGE, type NewsCategory } from '@contracts/news';
import { Pagination } from '@/components/listing/pagination';
import { JsonLd } from '@/components/seo/json-ld';
import { ArticleList } from '@/components/news/article-list';
import { ArticleView } from '@/components/news/article-view';
import { NewsNav } from '@/components/news/news-nav';
import { NewsSide } from '@/components/news/news-side';
import { fetchNewsList } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';
import { categoryPath, parseNewsSlug } from '@/lib/news-paths';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { loadArticlePage, requireCategory } from '@/lib/server/news';
import { newsSeo } from '@/lib/server/seo';

interface NewsCategoryProps {
  params: Promise<{ city: string; category: string; slug?: string[] }>;
}

/** The category and what follows it: a page of the category, or an article; the 404 page for anything else. */
async function route(props: NewsCategoryProps) {
  const { city: domain, category, slug } = await props.params;
  const at = parseNewsSlug(slug);
  if (!isNewsCategory(category) || !at) notFound();
  return { domain, category, at };
}

export async function generateMetadata(props: NewsCategoryProps): Promise<Metadata> {
  const { domain, category, at } = await route(props);
  if ('articleId' in at) return (await loadArticlePage(domain, String(at.articleId))).seo.metadata;
  return (await loadCategory(domain, category, at.page)).seo.metadata;
}

/** A page of a category, once for the page and its metadata; the 404 page past its last page. */
const loadCategory = cache(async (domain: string, category: NewsCategory, page: number) => {
  const city = await getCity(domain);
  if (!city || page > NEWS_MAX_PAGE) notFound();
  const list = await fetchNewsList(await publicContext(), { cityCode: city.cityCode, category, page }).catch(rethrowAsPage);
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (page > pages) notFound();
  const seo = newsSeo(city, { category, page, total: list.total, newest: list.list[0]?.title });
  return { city, list, pages, seo };
});

/**
 * `/news/{category}/` with its pages `pgN/` (spec §2 "News"), and the article `/news/{category}/{id}.html`, which is
 * served on www too (spec §2 "City-domain redirect", lib/redirect-rules.ts isCityExempt).
 */
export default async function NewsCategoryPage(props: NewsCategoryProps) {
  const { domain, category, at } = await route(props);
  if ('articleId' in at) {
    const { article, city, cardOrigin, seo } = await loadArticlePage(domain, String(at.articleId));
    requireCategory(article, category);
    return (
      <>
        <JsonLd data={seo.jsonLd} />
        <NewsNav active={article.category} />
        <div className="container news-page news-page--two">
          <ArticleView article={article} cardOrigin={cardOrigin} />
          <NewsSide city={city} exclude={article.id} />
        </div>
      </>
    );
  }
  return <CategoryPage domain={domain} category={category} page={at.page} />;
}

async function CategoryPage({ domain, category, page }: { domain: string; category: NewsCategory; page: number }) {
  const { city, list, pages, seo } = await loadCategory(domain, category, page);
  const N = messages.news;
  return (
    <>
      <JsonLd data={seo.jsonLd} />
      <NewsNav active={category} />
      <div className="container news-page news-page--two">
        <section>
          <div className="section__head">
            <h1 className="news-page__title">{messages.newsCategories[category]}</h1>
            <span className="news-page__count">{N.categoryCount(list.total)}</span>
          </div>
          {list.list.length > 0 ? <ArticleList articles={list.list} /> : <p className="news-empty">{N.empty}</p>}
          <Pagination page={page} pages={pages} href={(n) => categoryPath(category, n)} />
        </section>
        <NewsSide city={city} />
      </div>
    </>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
