import type { Metadata } from 'next';
import Link from 'next/link';
import { ESF_MAX_PAGE } from '@contracts/esf';
import { FilterBar } from '@/components/listing/filter-bar';
import { ListingCard } from '@/components/listing/listing-card';
import { Pagination } from '@/components/listing/pagination';
import { SearchBox } from '@/components/search/search-box';
import { fetchEsfConditions, fetchEsfList } from '@/lib/api/endpoints';
import { rethrowAsPage, serverContext } from '@/lib/api/server';
import { getCity } from '@/lib/city-data';
import { messages } from '@/lib/messages';
import { CHANNEL_LIST_PATH, formatListPath, parseSearchPath, toEsfListQuery } from '@/lib/search-path';

const LIST_PATH = CHANNEL_LIST_PATH.esf;

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
  const query = parseSearchPath(slug);
  const ctx = await serverContext();
  const [conditions, result] = await Promise.all([
    fetchEsfConditions(ctx, city.cityCode),
    fetchEsfList(ctx, toEsfListQuery(city.cityCode, query)),
  ]).catch(rethrowAsPage);
  const page = result.page;
  const pages = Math.min(ESF_MAX_PAGE, Math.ceil(result.total / result.pageSize));
  const withPatch = (patch: Partial<typeof query>) => formatListPath(LIST_PATH, { ...query, ...patch });

  return (
    <div className="container list-page">
      <div className="list-page__search">
        <SearchBox tabs={[{ channel: 'esf', label: messages.bannerTabs.esf }]} initialKeyword={query.keyword ?? ''} />
      </div>
      <FilterBar listPath={LIST_PATH} query={query} conditions={conditions} />
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
          <Link href={LIST_PATH}>{messages.clearFilters}</Link>
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
