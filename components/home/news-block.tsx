import Link from 'next/link';
import type { City } from '@contracts/city';
import { ArticleList, ArticleTitles } from '@/components/news/article-list';
import '@/components/news/news.css';
import { fetchNewsList } from '@/lib/api/endpoints';
import { sectionBuilt } from '@/lib/built-sections';
import { messages } from '@/lib/messages';
import { NEWS_ROOT } from '@/lib/news-paths';
import { publicContext } from '@/lib/server/api';

/**
 * The home page's 最新资讯, below the channels' blocks as the big portals place it: the city's two newest articles
 * with their covers beside the next titles, and a link to /news. A failed call leaves the block out, as the other
 * secondary blocks do: the home page is for the listings first.
 */
export async function NewsBlock({ city }: { city: City }) {
  if (!sectionBuilt('news')) return null;
  const latest = await fetchNewsList(await publicContext(), { cityCode: city.cityCode, pageSize: 10 }).catch(() => null);
  if (!latest || latest.list.length === 0) return null;
  const N = messages.news;
  return (
    <section className="container section">
      <div className="section__head">
        <h2>{N.latest}</h2>
        <Link href={NEWS_ROOT} aria-label={`${N.latest} ${messages.viewMore}`}>
          {messages.viewMore} &gt;
        </Link>
      </div>
      <div className="home-news">
        <ArticleList articles={latest.list.slice(0, 2)} />
        <ArticleTitles articles={latest.list.slice(2)} />
      </div>
    </section>
  );
}
