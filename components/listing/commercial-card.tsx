import { CHANNELS, detailPath } from '@contracts/channels';
import { commercialChannelOf, type CommercialListItem } from '@contracts/commercial';
import { commercialFloor, commercialPrice } from '@/lib/commercial-format';
import { formatArea } from '@/lib/format';
import { messages } from '@/lib/messages';
import { formatListPath } from '@/lib/search-path';
import { CardLayout } from './card-layout';

/**
 * One shop or office in a list, for sale or for rent: its project (a link to the project's units), type or grade,
 * area, floor and decoration, and the price in the deal's words (总价 · 单价, or 月租 · 元/㎡·天).
 */
export function CommercialCard({ item, eager = false }: { item: CommercialListItem; eager?: boolean }) {
  const channel = CHANNELS[commercialChannelOf(item)];
  const price = commercialPrice(item);
  const facts = [item.typeName, formatArea(item.area), commercialFloor(item), item.decoration];
  if (item.kind === 'office') facts.push(messages.commercial.workstations(item.workstations));
  return (
    <CardLayout
      eager={eager}
      href={detailPath(channel.code, item.id)}
      coverUrl={item.coverUrl}
      title={item.title}
      community={{
        name: item.projectName,
        href: formatListPath(channel, { keyword: item.projectName }),
        districtName: item.districtName,
        businessAreaName: item.businessAreaName,
      }}
      facts={facts.join(' | ')}
      nearestStation={item.nearestStation}
      tags={item.tags}
      price={
        <>
          <div className="price-total">
            <strong>{price.value}</strong>
            {price.unit}
          </div>
          <div className="price-unit">{price.detail}</div>
        </>
      }
    />
  );
}
