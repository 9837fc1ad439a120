import type { ReactNode } from 'react';
import Link from 'next/link';
import { CHANNELS, detailPath } from '@contracts/channels';
import type { AgentCard as Agent } from '@contracts/listing-common';
import { ApiPath } from '@contracts/paths';
import { messages } from '@/lib/messages';
import { AgentCard } from './agent-card';
import { HomeSidePanel } from './home-side-panel';

export interface HomeSideRowsProps {
  channel: 'esf' | 'rent';
  /** The home's detail (either channel's has these). */
  home: { id: number; community: { id: number; name: string }; districtName: string; businessAreaName: string; agent: Agent };
  /** The channel's own rows, between 加入对比 and the community (price facts, the loan estimate). */
  children: ReactNode;
}

/**
 * A home's side panel below the price, the same on 二手房 and 租房: 加入对比 and the compare bar, the channel's own rows,
 * its community and region, 预约看房, 关注, the view beacon and the agent's card. The interactive parts are one client
 * boundary (./home-side-panel.tsx); the rows stay server-rendered, passed through it.
 */
export function HomeSideRows({ channel, home, children }: HomeSideRowsProps) {
  const { id: listingId, community, districtName, businessAreaName, agent } = home;
  const { businessType, listPath } = CHANNELS[channel];
  return (
    <HomeSidePanel
      channel={channel}
      businessType={businessType}
      listingId={listingId}
      listPath={listPath}
      viewEndpoint={ApiPath.listingView}
      agent={<AgentCard agent={agent} listing={{ businessType, id: listingId }} />}
    >
      {children}
      <div className="side-row">
        <span>{messages.community}</span>
        <Link href={detailPath('estate', community.id)}>{community.name}</Link>
      </div>
      <div className="side-row">
        <span>{messages.regionLabel}</span>
        {districtName} {businessAreaName}
      </div>
    </HomeSidePanel>
  );
}
