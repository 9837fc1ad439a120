import { detailPath } from '@contracts/channels';
import type { EsfListItem } from '@contracts/esf';
import { formatArea, formatLayout, formatTotalPrice, formatUnitPrice } from '@/lib/format';
import { messages } from '@/lib/messages';
import { CompareButton } from '@/components/compare/compare-button';
import { CardLayout } from './card-layout';

/** One second-hand listing in a list: the facts of a home for sale, its total and unit price. */
export function ListingCard({ item, eager = false }: { item: EsfListItem; eager?: boolean }) {
  return (
    <CardLayout
      eager={eager}
      href={detailPath('esf', item.id)}
      coverUrl={item.coverUrl}
      title={item.title}
      community={{
        name: item.communityName,
        href: detailPath('estate', item.communityId),
        districtName: item.districtName,
        businessAreaName: item.businessAreaName,
      }}
      facts={`${formatLayout(item.rooms, item.halls)} | ${formatArea(item.area)} | ${item.orientation} | ${item.decoration} | ${item.floorLevel}(共${item.totalFloors}层) | ${item.buildYear}年建`}
      nearestStation={item.nearestStation}
      tags={item.tags}
      price={
        <>
          <div className="price-total">
            <strong>{formatTotalPrice(item.totalPrice)}</strong>
            {messages.totalPriceUnit}
          </div>
          <div className="price-unit">{formatUnitPrice(item.unitPrice)}</div>
          <CompareButton channel="esf" id={item.id} />
        </>
      }
    />
  );
}
