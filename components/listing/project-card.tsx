import Link from 'next/link';
import { CHANNELS, detailPath } from '@contracts/channels';
import type { NewHomeListItem } from '@contracts/new-home';
import { formatAreaRange, formatLayoutRooms, formatTotalRange } from '@/lib/format';
import { messages } from '@/lib/messages';
import { formatListPath } from '@/lib/search-path';
import { photoLoading } from './card-layout';
import { ListingTags } from './listing-tags';
import { ServerPhoto } from '@/components/layout/server-photo';

const M = messages.newHome;

/** 在售 / 待售 / 售罄 as a coloured badge beside a project's name. */
export function SaleStatusBadge({ status }: { status: number }) {
  return <span className={`sale-status sale-status--${status}`}>{M.saleStatus[status]}</span>;
}

/** A project's price: 均价 N元/㎡ (or 价格待定) and the total-price range of its layouts on sale. */
export function ProjectPrice({
  avgPrice,
  totalPriceMin,
  totalPriceMax,
}: Pick<NewHomeListItem, 'avgPrice' | 'totalPriceMin' | 'totalPriceMax'>) {
  if (avgPrice === null) return <div className="project-price project-price--tbd">{M.priceTbd}</div>;
  const total = formatTotalRange(totalPriceMin, totalPriceMax);
  return (
    <div className="project-price">
      <div className="project-price__avg">
        {M.avgPrice} <strong>{avgPrice.toLocaleString('en-US')}</strong>
        {messages.unitPriceUnit}
      </div>
      {total && (
        <div className="project-price__total">
          {M.totalPrice} {total}
        </div>
      )}
    </div>
  );
}

/**
 * One new-home project in a list (楼盘 card): cover, name with its sale status and types, where it is, its
 * layouts (`3室/4室 · 建面 89-143㎡`), tags, and its price.
 */
export function ProjectCard({ item, eager = false }: { item: NewHomeListItem; eager?: boolean }) {
  // spec §2: a project found by search opens in a new window, at its `.html` address.
  const href = `${detailPath('new', item.id)}.html`;
  const area = formatListPath(CHANNELS.new, {
    districtId: item.districtId,
    businessAreaId: item.businessAreaId,
    keyword: item.businessAreaName,
  });
  return (
    <li className="listing project">
      <Link href={href} className="listing__photo" target="_blank" rel="noopener">
        <ServerPhoto src={item.coverUrl} alt={item.name} {...photoLoading(eager)} width={232} height={174} />
      </Link>
      <div className="listing__body">
        <div className="project__head">
          <Link href={href} className="listing__title project__name" target="_blank" rel="noopener">
            {item.name}
          </Link>
          <SaleStatusBadge status={item.saleStatus} />
          {item.propertyTypes.map((t) => (
            <span key={t} className="project__type">
              {t}
            </span>
          ))}
        </div>
        <div className="listing__community">
          <Link href={area}>
            {item.districtName} · {item.businessAreaName}
          </Link>
          <span className="project__address">{item.address}</span>
        </div>
        <div className="listing__facts">
          {M.layouts} {formatLayoutRooms(item.layoutRooms)} · {M.builtArea} {formatAreaRange(item.areaMin, item.areaMax)} ·{' '}
          {item.decoration}
        </div>
        {item.nearestStation && (
          <div className="listing__subway">
            {M.nearestStation(item.nearestStation.lineName, item.nearestStation.stationName, item.nearestStation.distance)}
          </div>
        )}
        <ListingTags tags={item.tags} />
      </div>
      <div className="listing__price project__price">
        <ProjectPrice avgPrice={item.avgPrice} totalPriceMin={item.totalPriceMin} totalPriceMax={item.totalPriceMax} />
      </div>
    </li>
  );
}
