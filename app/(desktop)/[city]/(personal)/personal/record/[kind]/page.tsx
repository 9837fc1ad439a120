import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { VIEWING_MAX_PAGE, VIEWING_STATUSES, type Viewing } from '@contracts/viewing';
import { Pagination } from '@/components/listing/pagination';
import { ConfirmAction } from '@/components/personal/confirm-action';
import { fetchMyViewings, fetchUserInfo } from '@/lib/api/endpoints';
import { requestedPath, rethrowAsPage, serverContext } from '@/lib/server/api';
import { messages } from '@/lib/messages';
import { loginPath } from '@/lib/return-path';
import { homeHref, pageParam } from '@/lib/server/personal-pages';
import { MaybeLink } from '@/components/personal/maybe-link';

const M = messages.viewings;
/** The two tabs: their path segment, channel and business type. */
const KINDS = {
  ershoufang: { businessType: 1, channel: 'esf', listPath: '/ershoufang/' },
  zufang: { businessType: 2, channel: 'rent', listPath: '/zufang/' },
} as const;
type Kind = keyof typeof KINDS;
const isKind = (k: string): k is Kind => k === 'ershoufang' || k === 'zufang';

interface RecordPageProps {
  params: Promise<{ city: string; kind: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export const metadata: Metadata = { title: messages.personalMenu.record };

function ViewingRow({ v, kind, cityDomain }: { v: Viewing; kind: Kind; cityDomain: string }) {
  // A home taken off the site (下架, 已成交) has no page to link.
  const href = v.listingGone ? null : homeHref(KINDS[kind].channel, v.listingId, v.cityDomain, cityDomain);
  const open = v.status === VIEWING_STATUSES.PENDING || v.status === VIEWING_STATUSES.CONFIRMED;
  const cover = v.coverUrl ? (
    // eslint-disable-next-line @next/next/no-img-element -- cover from storage
    <img src={v.coverUrl} alt={v.title} width={120} height={90} loading="lazy" />
  ) : (
    <span className="viewing-record__nocover" aria-hidden />
  );
  return (
    <li className="viewing-record" data-viewing-id={v.id}>
      <MaybeLink href={href} className="viewing-record__cover">
        {cover}
      </MaybeLink>
      <div className="viewing-record__main">
        <MaybeLink href={href} className={href ? 'viewing-record__title' : 'viewing-record__title viewing-record__gone'}>
          {v.title}
        </MaybeLink>
        <p className="viewing-record__meta">
          {v.listingGone ? (
            <span className="viewing-record__gone">{messages.house.gone}</span>
          ) : (
            <>
              <span>
                {M.community}：{v.communityName}
              </span>
              <span className="viewing-record__price">{kind === 'ershoufang' ? M.esfPrice(v.price) : M.rentPrice(v.price)}</span>
            </>
          )}
        </p>
        <p className="viewing-record__meta">
          <span className="viewing-record__when">
            {M.when}：<strong>{v.date}</strong> {M.slots[v.slot]}
          </span>
          <span>
            {M.agent}：{v.agentName}
          </span>
          <span>
            {M.contact}：{v.contactName} {v.mobile}
          </span>
        </p>
      </div>
      <div className="viewing-record__side">
        <span className={`viewing-status viewing-status--${v.status}`}>{M.statuses[v.status]}</span>
        {open && (
          <ConfirmAction
            action="cancelViewing"
            id={v.id}
            label={messages.viewingForm.cancel}
            busyLabel={messages.viewingForm.cancelling}
            confirm={messages.viewingForm.confirmCancel}
            failed={messages.viewingForm.cancelFailed}
            className="viewing-record__cancel"
          />
        )}
      </div>
    </li>
  );
}

/**
 * 看房记录 (spec §2 Personal centre): the user's bookings of second-hand homes or rentals, newest first, 10 a page, with their
 * status; a pending or confirmed one can be cancelled. The session is checked here (spec §2: a user without
 * a mobile counts as logged out).
 */
export default async function ViewingRecordPage({ params, searchParams }: RecordPageProps) {
  const { city: cityDomain, kind } = await params;
  if (!isKind(kind)) notFound();
  const ctx = await serverContext();
  if (!ctx.token) redirect(loginPath(await requestedPath()));
  const user = await fetchUserInfo(ctx).catch(rethrowAsPage);
  if (!user.mobile) redirect(loginPath(await requestedPath()));
  const page = pageParam((await searchParams).page, VIEWING_MAX_PAGE);
  const data = await fetchMyViewings(ctx, KINDS[kind].businessType, page).catch(rethrowAsPage);
  const pages = Math.ceil(data.total / data.pageSize);
  const channelName = M.tabs[kind];
  const base = `/personal/record/${kind}`;
  return (
    <div className="viewing-records">
      <h1 className="personal__title">{messages.personalMenu.record}</h1>
      <nav className="viewing-records__tabs" aria-label={messages.personalMenu.record}>
        {(Object.keys(KINDS) as Kind[]).map((k) => (
          <Link
            key={k}
            href={`/personal/record/${k}`}
            className={k === kind ? 'is-active' : undefined}
            aria-current={k === kind ? 'page' : undefined}
          >
            {M.tabs[k]}
          </Link>
        ))}
      </nav>
      <p className="viewing-records__intro">{M.intro}</p>
      {data.total === 0 ? (
        <div className="viewing-records__empty">
          <p>{M.empty(channelName)}</p>
          <Link className="btn btn--primary" href={KINDS[kind].listPath}>
            {M.browse(channelName)}
          </Link>
        </div>
      ) : (
        <>
          <p className="viewing-records__total">{M.total(data.total)}</p>
          <ul className="viewing-records__list">
            {data.list.map((v) => (
              <ViewingRow key={v.id} v={v} kind={kind} cityDomain={cityDomain} />
            ))}
          </ul>
          <Pagination page={page} pages={pages} href={(n) => (n > 1 ? `${base}?page=${n}` : base)} />
        </>
      )}
    </div>
  );
}
