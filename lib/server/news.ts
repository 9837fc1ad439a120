import 'server-only';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import type { City } from '@contracts/city';
import type { Article } from '@contracts/news';
import { fetchArticle } from '@/lib/api/endpoints';
import { cityOrigin } from '@/lib/host';
import { articlePath } from '@/lib/news-paths';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';
import { articleSeo, type Seo } from '@/lib/server/seo';

/**
 * Loading an article for its pages (the article, `/news/detail…` by query id). An article is shown on any city's
 * host (spec §2: its route is exempt from the www redirect, so www shows it with the default city's frame); its
 * cards then link to its own city's host, where the records are.
 */
export interface ArticleProps {
  params: Promise<{ city: string; id: string }>;
}

const loadArticle = cache(async (rawId: string): Promise<Article> => {
  // One address per article: `012` is not another way to write 12.
  if (!/^[1-9]\d{0,9}$/.test(rawId) || Number(rawId) > 2_147_483_647) notFound();
  return fetchArticle(await publicContext(), Number(rawId)).catch(rethrowAsPage);
});

/** The article, the city of the host, and where the article's cards link (its city's origin, or '' for this host). */
export async function loadArticlePage(
  domain: string,
  rawId: string,
): Promise<{ article: Article; city: City; cardOrigin: string; seo: Seo }> {
  const [article, city] = await Promise.all([loadArticle(rawId), getCity(domain)]);
  if (!city) notFound();
  const cardOrigin = article.cityDomain && article.cityDomain !== domain ? cityOrigin(article.cityDomain, config) : '';
  // The article's one address is on its own city's host (on the host it is read on for an article of every city).
  const home = (article.cityDomain && article.cityDomain !== domain ? await getCity(article.cityDomain) : city) ?? city;
  return { article, city, cardOrigin, seo: articleSeo(home, article) };
}

/** The metadata and JSON-LD of another layout of an article (its cards, its WeChat post): canonical is the article. */
export async function articleLayoutSeo(
  article: Article,
  city: City,
  path: string,
  name: string,
  description: string,
): Promise<Seo> {
  const home = (article.cityDomain && article.cityDomain !== city.cityDomain ? await getCity(article.cityDomain) : city) ?? city;
  return articleSeo(home, article, { path, name, description });
}

/** `/news/{category}/{id}.html` under another category is the article's one address's misspelling: sent there. */
export function requireCategory(article: Article, category: string): void {
  if (article.category !== category) permanentRedirect(articlePath(article.category, article.id));
}
