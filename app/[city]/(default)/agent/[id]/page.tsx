import { AgentPageView } from '@/components/agent/agent-page-view';
import { agentPageMetadata, loadAgentPage, type AgentPageProps } from '@/lib/agent-pages';

/** `/agent/{id}` (spec §2 "Agent pages"): the agent's card and the first page of their second-hand homes. */
export const generateMetadata = agentPageMetadata();

export default async function AgentPage(props: AgentPageProps) {
  const { agent, city } = await loadAgentPage(props);
  return <AgentPageView agent={agent} city={city} tab="esf" page={1} home />;
}

export { generateStaticParams } from '@/lib/page-cache/render-on-visit';
