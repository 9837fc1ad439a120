import type { Metadata } from 'next';
import Link from 'next/link';
import { CHANNELS } from '@contracts/channels';
import { FilterBar } from '@/components/listing/filter-bar';
import { ListingCard } from '@/components/listing/listing-card';
import { Pagination } from '@/components/listing/pagination';
import { SearchBox } from '@/components/search/search-box';
import { fetchEsfConditions, fetchEsfList } from '@/lib/api/endpoints';
import { rethrowAsPage, serverContext } from '@/lib/api/server';
import { getCity } from '@/lib/city-data';
import { messages } from '@/lib/messages';
import { formatListPath, LIST_MAX_PAGE, parseSearchPath, toListQuery, type QueryPatch } from '@/lib/search-path';

const CHANNEL = CHANNELS.esf;

interface EsfListPageProps {
  params: Promise<{ city: string; slug?: string[] }>;
}

export async function generateMetadata({ params }: EsfListPageProps): Promise<Metadata> {
  const { city: domain } = await params;
  const city = await getCity(domain);
  return { title: city ? messages.pageTitle(`${city.cityName}二手房`, city.cityName) : undefined };
}

export default async function EsfListPage({ params }: EsfListPageProps) {
  const { city: domain, slug } = await params;
  const city = await getCity(domain);
  if (!city) return null;
  const query = parseSearchPath(CHANNEL, slug);
  const ctx = await serverContext();
  const [conditions, result] = await Promise.all([
    fetchEsfConditions(ctx, city.cityCode),
    fetchEsfList(ctx, toListQuery(city.cityCode, CHANNEL, query)),
  ]).catch(rethrowAsPage);
  const page = result.page;
  const pages = Math.min(LIST_MAX_PAGE, Math.ceil(result.total / result.pageSize));
  const withPatch = (patch: QueryPatch) => formatListPath(CHANNEL, { ...query, ...patch });
  const L = messages.filterLabels;
  const rows = [
    { key: 'price', label: L.price, options: conditions.price },
    { key: 'area', label: L.area, options: conditions.area },
    { key: 'rooms', label: L.rooms, options: conditions.rooms },
  ];

  return (
    <div className="container list-page">
      <div className="list-page__search">
        <SearchBox tabs={[{ channel: 'esf', label: messages.bannerTabs.esf }]} initialKeyword={query.keyword ?? ''} />
      </div>
      <FilterBar channel={CHANNEL} query={query} districts={conditions.districts} subwayLines={conditions.subwayLines} rows={rows} />
      <div className="list-page__head">
        <h1 className="result-count">
          {messages.resultCount(result.total, city.cityName)}
        </h1>
        <div className="sort-links">
          {conditions.sorts.map((s) => (
            <Link key={s.code} href={withPatch({ sort: s.code, page: undefined })} className={(query.sort ?? 0) === s.code ? 'is-active' : undefined}>
              {s.label}
            </Link>
          ))}
        </div>
      </div>
      {result.list.length === 0 ? (
        <div className="empty-state">
          <p>{messages.emptyList}</p>
          <Link href={CHANNEL.listPath}>{messages.clearFilters}</Link>
        </div>
      ) : (
        <ul className="listings">
          {result.list.map((item) => (
            <ListingCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} href={(n) => withPatch({ page: n })} />
    </div>
  );
}
