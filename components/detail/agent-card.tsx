import type { AgentCard as Agent } from '@contracts/esf';
import { messages } from '@/lib/messages';

/** The listing's agent beside the price: photo, name, brand and branch, and how to reach them. */
export function AgentCard({ agent }: { agent: Agent }) {
  return (
    <div className="agent-card">
      {/* eslint-disable-next-line @next/next/no-img-element -- agent photo from the backend */}
      <img src={agent.agentPhoto} alt={agent.agentName} width={64} height={64} />
      <div>
        <div className="agent-card__name">{agent.agentName}</div>
        <div className="agent-card__brand">
          {agent.brandName} · {agent.branchName}
        </div>
        {agent.status === 1 && <div className="agent-card__phone">{agent.mobile}</div>}
      </div>
      {/* spec §3 agent status: only an available agent (1) can be contacted; 2 left, 3 unreachable. */}
      {agent.status === 1 ? (
        <a className="btn btn--primary" href={`tel:${agent.mobile}`}>
          {messages.callAgent}
        </a>
      ) : (
        <p className="agent-card__status">{agent.status === 2 ? messages.agentLeft : messages.agentUnreachable}</p>
      )}
    </div>
  );
}
