import { AgentPageView } from '@/components/agent/agent-page-view';
import { agentPageMetadata, loadAgentPage, type AgentPageProps } from '@/lib/server/agent-pages';

/**
 * `/agent/{id}` (spec §2 "Agent pages"): the agent's card and the first page of their second-hand homes, or of
 * their rentals when they list only those.
 */
export const generateMetadata = agentPageMetadata();

export default async function AgentPage(props: AgentPageProps) {
  const { agent, city } = await loadAgentPage(props);
  const tab = agent.esfCount === 0 && agent.rentCount > 0 ? 'zufang' : 'esf';
  return <AgentPageView agent={agent} city={city} tab={tab} page={1} home />;
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
