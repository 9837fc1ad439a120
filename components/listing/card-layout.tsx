import Link from 'next/link';
import type { ReactNode } from 'react';
import { ListingTags } from './listing-tags';
import { ServerPhoto } from '@/components/layout/server-photo';

/**
 * How many cards of a list are drawn with their photo loaded at once rather than lazily: those in view on a
 * desktop's first screen (Lighthouse's desktop viewport is 1350×940: about three cards on a list, two on the home).
 * The first photo is the page's largest paint, and a lazy one is only fetched after layout, which delays LCP.
 */
export const EAGER_CARDS = 3;

/** The loading attributes of a card's photo: in view on load (`eager`) it is fetched at once and first. */
export const photoLoading = (eager: boolean) =>
  eager ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const);

export interface CardLayoutProps {
  href: string;
  coverUrl: string;
  title: string;
  community: { name: string; href: string; districtName: string; businessAreaName: string };
  /** The channel's own line of facts (`3室2厅 | 89㎡ | 南 …`). */
  facts: ReactNode;
  nearestStation: { lineName: string; stationName: string; distance: number } | null;
  tags: string[];
  /** The channel's price block (总价 and 单价, or the monthly rent). */
  price: ReactNode;
  /** One of the first EAGER_CARDS of the list. */
  eager?: boolean;
}

/** What every channel's card in a list shares: photo, title, community and place, facts, station, tags, price. */
export function CardLayout({
  href,
  coverUrl,
  title,
  community,
  facts,
  nearestStation,
  tags,
  price,
  eager = false,
}: CardLayoutProps) {
  return (
    <li className="listing">
      <Link href={href} className="listing__photo">
        <ServerPhoto src={coverUrl} alt={title} {...photoLoading(eager)} width={232} height={174} />
      </Link>
      <div className="listing__body">
        <Link href={href} className="listing__title">
          {title}
        </Link>
        <div className="listing__community">
          <Link href={community.href}>{community.name}</Link>
          <span>
            {community.districtName} · {community.businessAreaName}
          </span>
        </div>
        <div className="listing__facts">{facts}</div>
        {nearestStation && (
          <div className="listing__subway">
            距{nearestStation.lineName}
            {nearestStation.stationName}站{nearestStation.distance}米
          </div>
        )}
        <ListingTags tags={tags} />
      </div>
      <div className="listing__price">{price}</div>
    </li>
  );
}
