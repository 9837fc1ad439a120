import Link from 'next/link';
import { CHANNELS, detailPath } from '@contracts/channels';
import type { EstateListItem } from '@contracts/estate';
import { messages } from '@/lib/messages';
import { formatListPath } from '@/lib/search-path';
import { photoLoading } from './card-layout';
import { ServerPhoto } from '@/components/layout/server-photo';

const E = messages.estate;

/**
 * One community in the 小区 list: where it is, when and how it was built, the nearest station, its reference
 * price, and its homes for sale and for rent, each count a link into that channel's list of the community.
 */
export function EstateCard({ item, eager = false }: { item: EstateListItem; eager?: boolean }) {
  const href = detailPath('estate', item.id);
  return (
    <li className="listing estate-card">
      <Link href={href} className="listing__photo">
        <ServerPhoto src={item.coverUrl} alt={item.name} {...photoLoading(eager)} width={232} height={174} />
      </Link>
      <div className="listing__body">
        <Link href={href} className="listing__title">
          {item.name}
        </Link>
        <div className="listing__facts">
          {item.districtName} · {item.businessAreaName} | {E.builtIn(item.buildYear)} | {item.buildingType}
        </div>
        {item.nearestStation && (
          <div className="listing__subway">
            {E.nearStation(item.nearestStation.lineName, item.nearestStation.stationName, item.nearestStation.distance)}
          </div>
        )}
        <div className="estate-card__homes">
          {item.onSaleCount > 0 ? (
            <Link href={formatListPath(CHANNELS.esf, { estateId: item.id })}>{E.onSale(item.onSaleCount)}</Link>
          ) : (
            <span>{E.noneOnSale}</span>
          )}
          {/* A city without rentals counts none: no rent link there (nor where the community has none). */}
          {item.onRentCount > 0 && (
            <Link href={formatListPath(CHANNELS.rent, { estateId: item.id })}>{E.onRent(item.onRentCount)}</Link>
          )}
        </div>
      </div>
      <div className="listing__price">
        <div className="price-total">
          <strong>{item.avgPrice.toLocaleString('en-US')}</strong>
          {messages.unitPriceUnit}
        </div>
        <div className="price-unit">{E.referencePrice}</div>
      </div>
    </li>
  );
}
