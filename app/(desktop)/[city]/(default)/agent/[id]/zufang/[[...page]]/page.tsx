import { AgentPageView } from '@/components/agent/agent-page-view';
import { agentPageMetadata, loadAgentPage, type AgentPageProps } from '@/lib/server/agent-pages';

/** `/agent/{id}/zufang[/n]`: the agent's rentals, 10 a page, newest first. */
export const generateMetadata = agentPageMetadata('zufang');

export default async function AgentRentPage(props: AgentPageProps) {
  const { agent, city, page } = await loadAgentPage(props);
  return <AgentPageView agent={agent} city={city} tab="zufang" page={page} />;
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
