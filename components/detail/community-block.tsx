import Link from 'next/link';
import { detailPath } from '@contracts/channels';
import type { CommunitySummary } from '@contracts/listing-common';
import { formatUnitPrice } from '@/lib/format';
import { messages } from '@/lib/messages';

/** The 小区信息 section of a detail page: the community's facts, its name a link to its 小区 page, and a link to its homes (`listings`). */
export function CommunityBlock({ community: c, listings }: { community: CommunitySummary; listings: string }) {
  return (
    <section className="section">
      <h2 className="section__title">{messages.communityInfo}</h2>
      <div className="community-block">
        <div className="community-block__name">
          <Link href={detailPath('estate', c.id)}>{c.name}</Link>
          <span>{c.address}</span>
        </div>
        <dl className="facts facts--3">
          <div>
            <dt>{messages.avgPrice}</dt>
            <dd className="em">{formatUnitPrice(c.avgPrice)}</dd>
          </div>
          <div>
            <dt>{messages.communityFacts.buildYear}</dt>
            <dd>{c.buildYear}年</dd>
          </div>
          <div>
            <dt>{messages.communityFacts.buildingType}</dt>
            <dd>{c.buildingType}</dd>
          </div>
          <div>
            <dt>{messages.communityFacts.propertyFee}</dt>
            <dd>{c.propertyFee}元/㎡/月</dd>
          </div>
          <div>
            <dt>{messages.communityFacts.developer}</dt>
            <dd>{c.developer}</dd>
          </div>
          <div>
            <dt>{messages.communityFacts.onSale}</dt>
            <dd>
              <Link href={listings}>{messages.onSale(c.onSaleCount)}</Link>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
