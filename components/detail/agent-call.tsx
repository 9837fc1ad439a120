'use client';
import { useState } from 'react';
import { messages } from '@/lib/client/messages';
import type { CallingListing, Shown } from './agent-call-ask';

export interface AgentCallProps {
  agentId: number;
  listing?: CallingListing | undefined;
}

/**
 * 拨打电话: the agent's mobile is in no page and no answer (pages are one cached render for everyone).
 * A click asks the backend, which records it and reads the agent's status at that moment: while the agent can be
 * contacted, a virtual number — the portal's 400 line and an extension bound to this agent and this device for 30
 * days (`400-800-1234 转 5678`, a tel: link that dials both) and what it means; the status's words otherwise; the
 * backend's message when this visitor has asked for too many agents (429). The API client loads with the click.
 */
export function AgentCall({ agentId, listing }: AgentCallProps) {
  const [shown, setShown] = useState<Shown>({ kind: 'button' });

  const ask = () => {
    setShown({ kind: 'asking' });
    // The call's code loads with the click, the API client with it (first-load JS, docs/performance.md).
    import('./agent-call-ask')
      .then(({ askAgentPhone }) => askAgentPhone(agentId, listing))
      .then(setShown, () => setShown({ kind: 'message', text: messages.callAgentFailed }));
  };

  if (shown.kind === 'number')
    return (
      <div className="agent-card__virtual">
        <a className="btn btn--primary agent-card__phone" href={shown.href}>
          {shown.text}
        </a>
        <p className="agent-card__phone-note">{shown.note}</p>
      </div>
    );
  if (shown.kind === 'message') return <p className="agent-card__status">{shown.text}</p>;
  return (
    <button type="button" className="btn btn--primary" disabled={shown.kind === 'asking'} onClick={ask}>
      {messages.callAgent}
    </button>
  );
}
