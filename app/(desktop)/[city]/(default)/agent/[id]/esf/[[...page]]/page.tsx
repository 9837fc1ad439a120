import { AgentPageView } from '@/components/agent/agent-page-view';
import { agentPageMetadata, loadAgentPage, type AgentPageProps } from '@/lib/server/agent-pages';

/** `/agent/{id}/esf[/n]`: the agent's second-hand homes, 10 a page, newest first. */
export const generateMetadata = agentPageMetadata('esf');

export default async function AgentEsfPage(props: AgentPageProps) {
  const { agent, city, page } = await loadAgentPage(props);
  return <AgentPageView agent={agent} city={city} tab="esf" page={page} />;
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
