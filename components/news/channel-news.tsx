import Link from 'next/link';
import type { ChannelCode } from '@contracts/constants';
import type { City } from '@contracts/city';
import { ArticleTitles } from '@/components/news/article-list';
import '@/components/news/news.css';
import { fetchNewsList } from '@/lib/api/endpoints';
import { sectionBuilt } from '@/lib/built-sections';
import { messages } from '@/lib/messages';
import { CHANNEL_NEWS, categoryPath } from '@/lib/news-paths';
import { publicContext } from '@/lib/server/api';

/** Articles a channel's list shows under its results. */
const CHANNEL_NEWS_COUNT = 6;

/**
 * A channel list's 资讯 under its results (lib/news-paths.ts CHANNEL_NEWS says which category): the city's newest
 * articles of it and a link to the category. A failed call leaves the block out: the list is for the listings first.
 */
export async function ChannelNews({ city, channel }: { city: City; channel: ChannelCode }) {
  const category = CHANNEL_NEWS[channel];
  if (!category || !sectionBuilt('news')) return null;
  const latest = await fetchNewsList(await publicContext(), {
    cityCode: city.cityCode,
    category,
    pageSize: CHANNEL_NEWS_COUNT,
  }).catch(() => null);
  if (!latest || latest.list.length === 0) return null;
  const name = `${city.cityName}${messages.newsCategories[category]}`;
  return (
    <section className="container section channel-news" aria-label={name}>
      <div className="section__head">
        <h2>{name}</h2>
        <Link href={categoryPath(category)} aria-label={`${name} ${messages.viewMore}`}>
          {messages.viewMore} &gt;
        </Link>
      </div>
      <ArticleTitles articles={latest.list} />
    </section>
  );
}
