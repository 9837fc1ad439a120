import type { Metadata } from 'next';
import Link from 'next/link';
import { ENTRUST_MAX_PAGE, ENTRUST_STATUSES, type Entrust, type EntrustBusinessType } from '@contracts/entrust';
import { ENTRUST_FORM_PATHS } from '@/lib/entrust-form-state';
import { ConfirmAction } from '@/components/personal/confirm-action';
import { EntrustSubmitted } from '@/components/entrust/entrust-submitted';
import { Pagination } from '@/components/listing/pagination';
import { fetchMyEntrusts } from '@/lib/api/endpoints';
import { rethrowAsPage } from '@/lib/server/api';
import { formatRelativeTime } from '@/lib/format';
import { messages } from '@/lib/messages';
import { personalUser } from '@/lib/server/personal-user';
import { homeHref, pageParam } from '@/lib/server/personal-pages';

const M = messages.entrust;
/** The tabs: `?type=sell|rental`, none for both. */
const TABS = { all: undefined, sell: 1, rental: 2 } as const;
type Tab = keyof typeof TABS;
const tabOf = (v: string | string[] | undefined): Tab => (v === 'sell' || v === 'rental' ? v : 'all');
const EDITABLE: number[] = [ENTRUST_STATUSES.REVIEWING, ENTRUST_STATUSES.OFFLINE, ENTRUST_STATUSES.WITHDRAWN];
const CHANNEL_OF = { 1: 'esf', 2: 'rent' } as const;

export const metadata: Metadata = { title: M.manageTitle };

function hrefOf(tab: Tab, page = 1): string {
  const q = new URLSearchParams();
  if (tab !== 'all') q.set('type', tab);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/personal/entrust/manage?${s}` : '/personal/entrust/manage';
}

function EntrustItem({ e, cityDomain }: { e: Entrust; cityDomain: string }) {
  const type = e.businessType as EntrustBusinessType;
  const cover = e.photos[0];
  const listingHref =
    e.status === ENTRUST_STATUSES.PUBLISHED && e.listingId !== null
      ? homeHref(CHANNEL_OF[type], e.listingId, e.cityDomain, cityDomain)
      : null;
  return (
    <li className="entrust-item" data-entrust-id={e.id} data-status={e.status}>
      <div className="entrust-item__cover">
        {cover ? (
          // eslint-disable-next-line @next/next/no-img-element -- the owner's own upload
          <img src={cover.thumbUrl} alt={M.photoAlt(e.communityName)} width={120} height={90} loading="lazy" />
        ) : (
          <span className="entrust-item__nocover" />
        )}
      </div>
      <div className="entrust-item__main">
        <p className="entrust-item__title">
          <span className={`entrust-kind entrust-kind--${type}`}>{M.kinds[type]}</span>
          <strong>{e.communityName}</strong>
          <span className="entrust-item__address">{M.address(e.building, e.unit, e.room)}</span>
        </p>
        <p className="entrust-item__meta">
          <span>{M.layout(e.rooms, e.halls, e.baths)}</span>
          <span>{M.area(e.area)}</span>
          <span>{M.floor(e.floor, e.totalFloors)}</span>
          <span>{e.orientation}</span>
          <span>{e.decoration}</span>
          {type === 2 && e.rentType !== null && <span>{M.rentTypes[e.rentType]}</span>}
          {type === 2 && e.payment && <span>{e.payment}</span>}
        </p>
        <p className="entrust-item__meta">
          <span className="entrust-item__price">{type === 1 ? M.sellPrice(e.price) : M.rentPrice(e.price)}</span>
          <span>
            {M.brands}：{e.brands.map((b) => b.name).join('、')}
          </span>
          {e.agentName && (
            <span>
              {M.agent}：{e.agentName}
            </span>
          )}
          <span>
            {M.createdAt} {formatRelativeTime(e.createdAt)}
          </span>
        </p>
      </div>
      <div className="entrust-item__side">
        <span className={`entrust-status entrust-status--${e.status}`}>{e.statusName}</span>
        {EDITABLE.includes(e.status) && (
          <Link className="btn entrust-item__action" href={`${ENTRUST_FORM_PATHS[type]}?entrustId=${e.id}`}>
            {M.edit}
          </Link>
        )}
        {e.status === ENTRUST_STATUSES.REVIEWING && (
          <ConfirmAction
            action="withdrawEntrust"
            id={e.id}
            label={messages.entrustForm.withdraw}
            busyLabel={messages.entrustForm.withdrawing}
            confirm={messages.entrustForm.confirmWithdraw}
            failed={messages.entrustForm.withdrawFailed}
            className="entrust-item__action"
          />
        )}
        {listingHref && (
          <a className="btn entrust-item__action" href={listingHref}>
            {M.viewListing}
          </a>
        )}
      </div>
    </li>
  );
}

/**
 * 委托管理 (spec §2 Personal centre): the owner's entrusts of both kinds or one (tabs), newest first, 10 a page, with their status
 * and what can be done: 修改 while 审核中/已下架/已撤回, 撤回 while 审核中, 查看房源 once 已发布.
 */
export default async function EntrustManagePage({
  params,
  searchParams,
}: {
  params: Promise<{ city: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ city: cityDomain }, query, { ctx }] = await Promise.all([params, searchParams, personalUser()]);
  const tab = tabOf(query.type);
  const page = pageParam(query.page, ENTRUST_MAX_PAGE);
  const data = await fetchMyEntrusts(ctx, TABS[tab], page).catch(rethrowAsPage);
  const pages = Math.ceil(data.total / data.pageSize);
  return (
    <div className="entrust-page">
      <div className="entrust-page__head">
        <h1 className="personal__title">{M.manageTitle}</h1>
        <span className="entrust-page__links">
          <Link href={ENTRUST_FORM_PATHS[1]}>{M.sellHome}</Link>
          <Link href={ENTRUST_FORM_PATHS[2]}>{M.rentOutHome}</Link>
        </span>
      </div>
      <EntrustSubmitted />
      <nav className="viewing-records__tabs" aria-label={M.manageTitle}>
        {(Object.keys(TABS) as Tab[]).map((t) => (
          <Link
            key={t}
            href={hrefOf(t)}
            className={t === tab ? 'is-active' : undefined}
            aria-current={t === tab ? 'page' : undefined}
          >
            {M.tabs[t]}
          </Link>
        ))}
      </nav>
      <p className="entrust-page__intro">{M.intro}</p>
      {data.total === 0 ? (
        <div className="entrust-page__empty">
          <p>{tab === 'all' ? M.empty : M.emptyOf(M.tabs[tab])}</p>
          <p className="entrust-page__empty-actions">
            <Link className="btn btn--primary" href={ENTRUST_FORM_PATHS[1]}>
              {M.sellHome}
            </Link>
            <Link className="btn btn--primary" href={ENTRUST_FORM_PATHS[2]}>
              {M.rentOutHome}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="entrust-page__total">{M.total(data.total)}</p>
          <ul className="entrust-list">
            {data.list.map((e) => (
              <EntrustItem key={e.id} e={e} cityDomain={cityDomain} />
            ))}
          </ul>
          <Pagination page={page} pages={pages} href={(n) => hrefOf(tab, n)} />
        </>
      )}
    </div>
  );
}
