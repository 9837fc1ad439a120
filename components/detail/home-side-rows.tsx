import Link from 'next/link';
import { detailPath } from '@contracts/channels';
import type { AgentCard as Agent } from '@contracts/listing-common';
import { ApiPath } from '@contracts/paths';
import { BookViewing } from '@/components/viewing/book-viewing';
import { FollowButton } from '@/components/engage/follow-button';
import { ViewBeacon } from '@/components/engage/view-beacon';
import { messages } from '@/lib/messages';
import { AgentCard } from './agent-card';

export interface HomeSideRowsProps {
  /** 1 二手房, 2 租房: the business type every call about the home carries (spec §3). */
  businessType: 1 | 2;
  /** The home's detail (either channel's has these). */
  home: { id: number; community: { id: number; name: string }; districtName: string; businessAreaName: string; agent: Agent };
}

/**
 * The lower half of a home's side panel, the same on 二手房 and 租房: its community and region, 预约看房, 关注,
 * the view beacon and the agent's card.
 */
export function HomeSideRows({ businessType, home }: HomeSideRowsProps) {
  const { id: listingId, community, districtName, businessAreaName, agent } = home;
  return (
    <>
      <div className="side-row">
        <span>{messages.community}</span>
        <Link href={detailPath('estate', community.id)}>{community.name}</Link>
      </div>
      <div className="side-row">
        <span>{messages.regionLabel}</span>
        {districtName} {businessAreaName}
      </div>
      <BookViewing businessType={businessType} listingId={listingId} />
      <FollowButton businessType={businessType} listingId={listingId} />
      <ViewBeacon businessType={businessType} listingId={listingId} endpoint={ApiPath.listingView} />
      <AgentCard agent={agent} listing={{ businessType, id: listingId }} />
    </>
  );
}
