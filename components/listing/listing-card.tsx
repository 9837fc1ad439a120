import Link from 'next/link';
import type { EsfListItem } from '@contracts/esf';
import { formatArea, formatLayout, formatTotalPrice, formatUnitPrice } from '@/lib/format';
import { messages } from '@/lib/messages';
import { ListingTags } from './listing-tags';
import { CHANNELS, detailPath } from '@contracts/channels';
import { formatListPath } from '@/lib/search-path';

/** One second-hand listing in a list: photo, title, community, facts, tags, prices. */
export function ListingCard({ item }: { item: EsfListItem }) {
  const href = detailPath('esf', item.id);
  return (
    <li className="listing">
      <Link href={href} className="listing__photo">
        {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the backend's object store at run time */}
        <img src={item.coverUrl} alt={item.title} loading="lazy" width={232} height={174} />
      </Link>
      <div className="listing__body">
        <Link href={href} className="listing__title">
          {item.title}
        </Link>
        <div className="listing__community">
          <Link href={formatListPath(CHANNELS.esf, { estateId: item.communityId })}>{item.communityName}</Link>
          <span>
            {item.districtName} · {item.businessAreaName}
          </span>
        </div>
        <div className="listing__facts">
          {formatLayout(item.rooms, item.halls)} | {formatArea(item.area)} | {item.orientation} | {item.decoration} | {item.floorLevel}(共{item.totalFloors}层) | {item.buildYear}年建
        </div>
        {item.nearestStation && (
          <div className="listing__subway">
            距{item.nearestStation.lineName}
            {item.nearestStation.stationName}站{item.nearestStation.distance}米
          </div>
        )}
        <ListingTags tags={item.tags} />
      </div>
      <div className="listing__price">
        <div className="price-total">
          <strong>{formatTotalPrice(item.totalPrice)}</strong>
          {messages.totalPriceUnit}
        </div>
        <div className="price-unit">{formatUnitPrice(item.unitPrice)}</div>
      </div>
    </li>
  );
}
