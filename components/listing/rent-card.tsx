import { detailPath } from '@contracts/channels';
import type { RentListItem } from '@contracts/rent';
import { formatArea, formatLayout } from '@/lib/format';
import { messages } from '@/lib/messages';
import { CompareButton } from '@/components/compare/compare-button';
import { CardLayout } from './card-layout';

/** One rental in a list: 整租/合租 with the facts of the home, and the monthly rent. */
export function RentCard({ item, eager = false }: { item: RentListItem; eager?: boolean }) {
  return (
    <CardLayout
      eager={eager}
      href={detailPath('rent', item.id)}
      coverUrl={item.coverUrl}
      title={item.title}
      community={{
        name: item.communityName,
        href: detailPath('estate', item.communityId),
        districtName: item.districtName,
        businessAreaName: item.businessAreaName,
      }}
      facts={`${messages.rentTypes[item.rentType]} | ${formatLayout(item.rooms, item.halls)} | ${formatArea(item.area)} | ${item.orientation} | ${item.floorLevel}(共${item.totalFloors}层)`}
      nearestStation={item.nearestStation}
      tags={item.tags}
      price={
        <>
          <div className="price-total">
            <strong>{item.monthlyRent.toLocaleString('zh-CN')}</strong>
            {messages.rentUnit}
          </div>
          <CompareButton channel="rent" id={item.id} />
        </>
      }
    />
  );
}
