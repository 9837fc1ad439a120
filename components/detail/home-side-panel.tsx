'use client';
import type { ReactNode } from 'react';
import { CompareBar } from '@/components/compare/compare-bar';
import { CompareButton } from '@/components/compare/compare-button';
import type { CompareChannel } from '@/lib/client/compare-list';
import { BookViewing } from '@/components/viewing/book-viewing';
import { FollowButton } from '@/components/engage/follow-button';
import { ViewBeacon } from '@/components/engage/view-beacon';

export interface HomeSidePanelProps {
  channel: CompareChannel;
  /** contracts/channels.ts businessType: 1 二手房, 2 租房. */
  businessType: 1 | 2;
  listingId: number;
  /** The channel's list path: where 开始对比 compares. */
  listPath: string;
  /** ApiPath.listingView, given by the server (see ViewBeacon). */
  viewEndpoint: string;
  /** The server-rendered rows between 加入对比 and 预约看房 (loan, key facts, community and region). */
  children: ReactNode;
  /** The server-rendered agent card, last. */
  agent: ReactNode;
}

/**
 * The interactive parts of a 二手房 or 租房 side panel in one client boundary: 加入对比 with the compare bar, 预约看房,
 * 关注 and the view beacon, with the server's rows between them passed in. One boundary instead of five, so their code
 * is one chunk where Turbopack allows (加入对比 and the bar stay apart: they are boundaries of the list's cards too;
 * docs/performance.md "First-load JavaScript", sixth step).
 */
export function HomeSidePanel({ channel, businessType, listingId, listPath, viewEndpoint, children, agent }: HomeSidePanelProps) {
  return (
    <>
      <CompareButton channel={channel} id={listingId} />
      <CompareBar channel={channel} listPath={listPath} />
      {children}
      <BookViewing businessType={businessType} listingId={listingId} />
      <FollowButton businessType={businessType} listingId={listingId} />
      <ViewBeacon businessType={businessType} listingId={listingId} endpoint={viewEndpoint} />
      {agent}
    </>
  );
}
