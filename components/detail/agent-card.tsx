import Link from 'next/link';
import { isHomeBusinessType } from '@contracts/channel-sections';
import { CHANNEL_LIST } from '@contracts/channels';
import type { AgentCard as Agent } from '@contracts/listing-common';
import { agentPath } from '@/lib/agent-paths';
import { messages } from '@/lib/messages';
import { ConsultButton } from '@/components/chat/consult-button';
import { AgentCall } from './agent-call';
import { ServerPhoto } from '@/components/layout/server-photo';
import '@/components/agent/agent.css';

export interface AgentCardProps {
  agent: Agent;
  /**
   * The listing the card is on (spec §3 tracking fields of a call): its channel's business type (and, for shops and
   * offices, businessTypeTwo) and its id.
   */
  listing: { businessType: number; businessTypeTwo?: number | undefined; id: number };
}

/** The listing's own page: where a visitor comes back to after the login 在线咨询 leads to. */
const pageOf = (listing: AgentCardProps['listing']) => {
  const channel = CHANNEL_LIST.find(
    (c) => c.businessType === listing.businessType && c.businessTypeTwo === listing.businessTypeTwo,
  );
  return channel ? `${channel.detailPrefix}${listing.id}` : '/';
};

/** A listing of business type 1 (二手房) or 2 (租房) is a home a chat can carry as a card; others are not. */
const propertyOf = (listing: AgentCardProps['listing']) =>
  isHomeBusinessType(listing.businessType) ? { businessType: listing.businessType, listingId: listing.id } : undefined;

/**
 * The listing's agent beside the price: photo, name (both lead to the agent's page), brand and branch, 在线咨询
 * (the chat widget) and 拨打电话 (./agent-call.tsx), which asks for the number when clicked. An agent
 * the page already knows cannot be contacted shows why instead.
 */
export function AgentCard({ agent, listing }: AgentCardProps) {
  const profile = agentPath(agent.agentId);
  return (
    <div className="agent-card">
      <Link
        href={profile}
        className="agent-card__photo"
        aria-label={messages.agentPage.profileOf(agent.agentName)}
        prefetch={false}
      >
        <ServerPhoto src={agent.agentPhoto} alt={agent.agentName} width={64} height={64} />
      </Link>
      <div>
        <Link href={profile} className="agent-card__name" prefetch={false}>
          {agent.agentName}
        </Link>
        <div className="agent-card__brand">
          {agent.brandName} · {agent.branchName}
        </div>
      </div>
      {/* spec §3 agent status: only an available agent (1) can be contacted; 2 left, 3 unreachable. */}
      {agent.status === 1 ? (
        <div className="agent-card__actions">
          {/* 在线咨询: on a 二手房 or 租房 detail the home goes as a property card (spec §3 layout 201). */}
          <ConsultButton
            agentId={agent.agentId}
            agentUserId={agent.userId}
            property={propertyOf(listing)}
            returnPath={pageOf(listing)}
          />
          <AgentCall agentId={agent.agentId} listing={listing} />
        </div>
      ) : (
        <p className="agent-card__status">{agent.status === 2 ? messages.agentLeft : messages.agentUnreachable}</p>
      )}
    </div>
  );
}
