import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { ENTRUST_STATUSES } from '@contracts/entrust';
import { HOUSE_MAX_PAGE, type House } from '@contracts/house';
import { ConfirmAction } from '@/components/personal/confirm-action';
import { HousePrice } from '@/components/house/house-price';
import { Pagination } from '@/components/listing/pagination';
import { fetchMyHouses, fetchUserInfo } from '@/lib/api/endpoints';
import { requestedPath, rethrowAsPage, serverContext } from '@/lib/server/api';
import { messages } from '@/lib/messages';
import { loginPath } from '@/lib/return-path';
import { homeHref, pageParam } from '@/lib/server/personal-pages';
import { MaybeLink } from '@/components/personal/maybe-link';

const M = messages.house;
/** The two pages: their path segment, channel, business type and where a new home is entrusted. */
const KINDS = {
  ershoufang: { businessType: 1, channel: 'esf', entrustPath: '/personal/entrust/sell' },
  zufang: { businessType: 2, channel: 'rent', entrustPath: '/personal/entrust/rental' },
} as const;
type Kind = keyof typeof KINDS;
const isKind = (k: string): k is Kind => k === 'ershoufang' || k === 'zufang';

interface HousePageProps {
  params: Promise<{ city: string; kind: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: HousePageProps): Promise<Metadata> {
  const { kind } = await params;
  if (!isKind(kind)) notFound();
  return { title: M.titles[kind] };
}

function HouseCard({ house, kind, cityDomain }: { house: House; kind: Kind; cityDomain: string }) {
  const published = house.status === ENTRUST_STATUSES.PUBLISHED && house.listingId !== null;
  const href = published ? homeHref(KINDS[kind].channel, house.listingId!, house.cityDomain, cityDomain) : null;
  const cover = house.coverUrl ? (
    // eslint-disable-next-line @next/next/no-img-element -- the owner's photo from storage
    <img src={house.coverUrl} alt={house.title} width={160} height={120} loading="lazy" />
  ) : (
    <span className="house-card__nocover" aria-hidden />
  );
  return (
    <li className="house-card" data-entrust-id={house.entrustId}>
      <MaybeLink href={href} className="house-card__cover">
        {cover}
      </MaybeLink>
      <div className="house-card__main">
        <MaybeLink href={href} className="house-card__title">
          {house.title}
        </MaybeLink>
        <p className="house-card__meta">
          <span>
            {M.community}：{house.communityName}
          </span>
          <span>{M.layout(house.rooms, house.halls, house.area)}</span>
          <span>
            {M.agent}：{house.agentName ?? M.noAgent}
          </span>
        </p>
        <p className="house-card__price">
          {kind === 'ershoufang' ? (
            <>
              <strong>{M.esfPrice(house.price)}</strong>
              {house.unitPrice !== null && <span>{M.unitPrice(house.unitPrice)}</span>}
            </>
          ) : (
            <strong>{M.rentPrice(house.price)}</strong>
          )}
        </p>
        {house.status === ENTRUST_STATUSES.OFFLINE && (
          <p className="house-card__note">
            {M.offlineNote}
            <Link href="/personal/entrust/manage">{M.manage}</Link>
          </p>
        )}
        {/* The counts stay after 下架 or 已成交: the entrust keeps its listing's id. */}
        <p className="house-card__counts">
          <span>
            {M.views} <b data-count="views">{house.views}</b>
          </span>
          <span>
            {M.followers} <b data-count="followers">{house.followers}</b>
          </span>
          <span>
            {M.viewingRequests} <b data-count="viewingRequests">{house.viewingRequests}</b>
          </span>
        </p>
      </div>
      <div className="house-card__side">
        <span className={`house-status house-status--${house.status}`}>{house.statusName}</span>
        {published && href && (
          <>
            <a href={href} className="btn house-card__action">
              {M.view}
            </a>
            <HousePrice entrustId={house.entrustId} businessType={KINDS[kind].businessType} price={house.price} />
            <ConfirmAction
              action="takeHouseOffline"
              id={house.entrustId}
              label={messages.houseManage.offline}
              busyLabel={messages.houseManage.offlining}
              confirm={messages.houseManage.confirmOffline}
              failed={messages.houseManage.offlineFailed}
              className="house-card__action house-card__offline"
            />
          </>
        )}
      </div>
    </li>
  );
}

/**
 * 卖房管理 / 租房管理 (spec §2 Personal centre): the owner's homes published from their entrusts (已发布, 已下架, 已成交), newest first,
 * 10 a page, with 浏览 / 关注 / 预约看房 while published, 修改价格 and 下架. The layout checks the session; the data
 * comes through the API with it.
 */
export default async function HouseManagePage({ params, searchParams }: HousePageProps) {
  const { city: cityDomain, kind } = await params;
  if (!isKind(kind)) notFound();
  const ctx = await serverContext();
  if (!ctx.token) redirect(loginPath(await requestedPath()));
  const user = await fetchUserInfo(ctx).catch(rethrowAsPage);
  if (!user.mobile) redirect(loginPath(await requestedPath()));
  const page = pageParam((await searchParams).page, HOUSE_MAX_PAGE);
  const data = await fetchMyHouses(ctx, KINDS[kind].businessType, page).catch(rethrowAsPage);
  const pages = Math.ceil(data.total / data.pageSize);
  const base = `/personal/house/${kind}`;
  return (
    <div className="house-manage">
      <h1 className="personal__title">{M.titles[kind]}</h1>
      <nav className="viewing-records__tabs" aria-label={M.titles[kind]}>
        {(Object.keys(KINDS) as Kind[]).map((k) => (
          <Link
            key={k}
            href={`/personal/house/${k}`}
            className={k === kind ? 'is-active' : undefined}
            aria-current={k === kind ? 'page' : undefined}
          >
            {M.titles[k]}
          </Link>
        ))}
      </nav>
      <p className="viewing-records__intro">{M.intro}</p>
      {data.total === 0 ? (
        <div className="viewing-records__empty house-manage__empty">
          <p>{M.empty[kind]}</p>
          <p className="house-manage__hint">{M.emptyHint}</p>
          <p className="house-manage__links">
            <Link className="btn btn--primary" href={KINDS[kind].entrustPath}>
              {M.entrust[kind]}
            </Link>
            <Link className="btn" href="/personal/entrust/manage">
              {M.manage}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="viewing-records__total">{M.total(data.total)}</p>
          <ul className="house-manage__list">
            {data.list.map((house) => (
              <HouseCard key={house.entrustId} house={house} kind={kind} cityDomain={cityDomain} />
            ))}
          </ul>
          <Pagination page={page} pages={pages} href={(n) => (n > 1 ? `${base}?page=${n}` : base)} />
        </>
      )}
    </div>
  );
}
