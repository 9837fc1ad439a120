import Link from 'next/link';
import type { AgentProfile as Agent } from '@contracts/agent';
import { ConsultButton } from '@/components/chat/consult-button';
import { AgentCall } from '@/components/detail/agent-call';
import { agentPath } from '@/lib/agent-paths';
import { messages } from '@/lib/messages';
import './agent.css';

export interface AgentContactProps {
  agent: Pick<Agent, 'agentId' | 'status'>;
}

/**
 * spec §3 agent status: 1 the 拨打电话 button (the number is asked for and recorded at the click, with the status
 * of that moment); 2 and 3 the copy.md words and no contact at all.
 */
export function AgentContact({ agent }: AgentContactProps) {
  if (agent.status === 2) return <p className="agent-card__status">{messages.agentLeft}</p>;
  if (agent.status !== 1) return <p className="agent-card__status">{messages.agentUnreachable}</p>;
  // The call is about the agent, not a listing: recorded with no business type or id (contracts/agent.ts).
  return <AgentCall agentId={agent.agentId} />;
}

export interface AgentProfileProps {
  agent: Agent;
  /** The link to the agent's mobile card, shown on the desktop page. */
  mobileCard?: string;
}

/** The agent's card on their page: photo, name and status, brand, branch, service area, years in the trade, contact. */
export function AgentProfileCard({ agent: a, mobileCard }: AgentProfileProps) {
  const A = messages.agentPage;
  return (
    <section className="agent-profile">
      {/* eslint-disable-next-line @next/next/no-img-element -- agent photo from the backend */}
      <img className="agent-profile__photo" src={a.agentPhoto} alt={a.agentName} width={120} height={120} />
      <div className="agent-profile__main">
        <h1 className="agent-profile__name">
          {a.agentName}
          <span className={`agent-profile__badge agent-profile__badge--${a.status}`}>
            {A.statuses[a.status] ?? A.statuses[3]}
          </span>
        </h1>
        <dl className="agent-profile__facts">
          <div>
            <dt>{A.brand}</dt>
            <dd>{a.brandName}</dd>
          </div>
          <div>
            <dt>{A.branch}</dt>
            <dd>{a.branchName}</dd>
          </div>
          <div>
            <dt>{A.serviceArea}</dt>
            <dd>
              {a.districtName} · {a.businessAreaName}
            </dd>
          </div>
          <div>
            <dt>{A.years}</dt>
            <dd>
              {A.yearsValue(a.years)}
              <span className="agent-profile__since">（{A.since(a.careerStart)}）</span>
            </dd>
          </div>
        </dl>
      </div>
      <div className="agent-profile__contact">
        {/* 在线咨询 (spec §2 Chat widget): the chat widget is on the desktop page only (the h5 card has no widget). */}
        {a.status === 1 && <ConsultButton agentId={a.agentId} agentUserId={a.userId} returnPath={agentPath(a.agentId)} />}
        <AgentContact agent={a} />
        {mobileCard && (
          <Link className="agent-profile__mobile" href={mobileCard} prefetch={false}>
            {A.mobileCard}
          </Link>
        )}
      </div>
    </section>
  );
}
