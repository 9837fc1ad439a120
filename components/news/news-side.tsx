import { fetchNewsList } from '@/lib/api/endpoints';
import type { City } from '@contracts/city';
import { messages } from '@/lib/messages';
import { publicContext } from '@/lib/server/api';
import { ArticleTitles } from './article-list';

/** The side column of the 资讯 pages: the city's newest articles of every category. */
export async function NewsSide({ city, exclude }: { city: City; exclude?: number }) {
  const latest = await fetchNewsList(await publicContext(), { cityCode: city.cityCode, pageSize: 9 }).catch(() => null);
  const list = (latest?.list ?? []).filter((a) => a.id !== exclude).slice(0, 8);
  if (list.length === 0) return null;
  return (
    <aside className="news-side">
      <h2 className="news-side__title">{messages.news.latestOfCity(city.cityName)}</h2>
      <ArticleTitles articles={list} />
    </aside>
  );
}
