import { permanentRedirect } from 'next/navigation';
import { articlePath } from '@/lib/news-paths';
import { loadArticlePage, type ArticleProps } from '@/lib/server/news';

/**
 * spec §2 fixed route `/news/detail?id=12` (the proxy rewrites it to `/news/detail/12`, lib/redirect-rules.ts): the
 * article by its id alone, as links of old and of the app name it. It sends the visitor (308) to the article's one
 * address, `/news/{category}/{id}.html`; an unknown id is the 404 page.
 */
export default async function NewsDetailByQuery({ params }: ArticleProps) {
  const { city, id } = await params;
  const { article } = await loadArticlePage(city, id);
  permanentRedirect(articlePath(article.category, article.id));
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
