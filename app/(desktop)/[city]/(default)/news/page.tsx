import type { Metadata } from 'next';
import { ServerPhoto } from '@/components/layout/server-photo';
import Link from 'next/link';
import { cache } from 'react';
import { JsonLd } from '@/components/seo/json-ld';
import { newsSeo } from '@/lib/server/seo';
import { NEWS_CATEGORIES } from '@contracts/news';
import { ArticleList, ArticleTitles } from '@/components/news/article-list';
import { NewsNav } from '@/components/news/news-nav';
import { fetchNewsList } from '@/lib/api/endpoints';
import { formatDate } from '@/lib/format';
import { messages } from '@/lib/messages';
import { articlePath, categoryPath } from '@/lib/news-paths';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';

interface NewsFrontProps {
  params: Promise<{ city: string }>;
}

/** The front page's lists, once for the page and its metadata. */
const load = cache(async (domain: string) => {
  const city = await getCity(domain);
  if (!city) return null;
  const ctx = await publicContext();
  const [latest, ...byCategory] = await Promise.all([
    fetchNewsList(ctx, { cityCode: city.cityCode, pageSize: 7 }),
    ...NEWS_CATEGORIES.map((category) => fetchNewsList(ctx, { cityCode: city.cityCode, category, pageSize: 6 })),
  ]).catch(rethrowAsPage);
  return { city, latest, byCategory, seo: newsSeo(city, { page: 1, total: latest.total }) };
});

export async function generateMetadata({ params }: NewsFrontProps): Promise<Metadata> {
  return (await load((await params).city))?.seo.metadata ?? {};
}

/** `/news` (spec §2): the city's newest article as the headline, the newest of all, and each category's newest. */
export default async function NewsFrontPage({ params }: NewsFrontProps) {
  const data = await load((await params).city);
  if (!data) return null;
  const { city, latest, byCategory, seo } = data;
  const [headline, ...rest] = latest.list;
  const N = messages.news;
  return (
    <>
      <JsonLd data={seo.jsonLd} />
      <NewsNav />
      <div className="container news-page">
        <h1 className="news-page__title">{N.frontTitle(city.cityName)}</h1>
        {headline && (
          <section className="news-headline">
            <Link href={articlePath(headline.category, headline.id)} className="news-headline__link">
              {headline.coverUrl && <ServerPhoto src={headline.coverUrl} alt="" width={560} height={340} />}
              <span className="news-headline__text">
                <span className="news-tag">{messages.newsCategories[headline.category]}</span>
                <span className="news-headline__title">{headline.title}</span>
                <span className="news-headline__summary">{headline.summary}</span>
                <span className="news-list__meta">{N.byline(headline.author, formatDate(headline.publishedAt))}</span>
              </span>
            </Link>
            <div className="news-headline__side">
              <h2 className="news-side__title">{N.latest}</h2>
              <ArticleTitles articles={rest} />
            </div>
          </section>
        )}
        <div className="news-columns">
          {NEWS_CATEGORIES.map((category, i) => {
            const page = byCategory[i]!;
            return (
              <section key={category} className="news-column">
                <div className="section__head">
                  <h2>{messages.newsCategories[category]}</h2>
                  <Link href={categoryPath(category)} aria-label={`${messages.newsCategories[category]} ${N.more}`}>
                    {N.more} &gt;
                  </Link>
                </div>
                {page.list.length > 0 ? (
                  <>
                    <ArticleList articles={page.list.slice(0, 1)} />
                    <ArticleTitles articles={page.list.slice(1)} />
                  </>
                ) : (
                  <p className="news-empty">{N.empty}</p>
                )}
              </section>
            );
          })}
        </div>
      </div>
    </>
  );
}
