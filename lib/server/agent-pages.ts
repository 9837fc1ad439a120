import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AGENT_MAX_PAGE, type AgentProfile } from '@contracts/agent';
import type { City } from '@contracts/city';
import { idParamSchema } from '@contracts/listing-common';
import { agentPath, type AgentTab } from '@/lib/agent-paths';
import { agentSeo, type Seo } from '@/lib/server/seo';
import { fetchAgent } from '@/lib/api/endpoints';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { messages } from '@/lib/messages';
import { subPageNumber } from '@/lib/project-pages';

/**
 * Loading an agent's page (lib/agent-paths.ts names its addresses). Public and cached like every city page (no
 * request data); the status on it is the one at render time, and an operator's change (`npm run ops -- agent
 * status`) renders it again at once (cache tag `agent:{id}`); 拨打电话 reads the status again when clicked.
 */
export const AGENT_TABS: readonly { key: AgentTab; label: string }[] = [
  { key: 'esf', label: messages.agentPage.esf },
  { key: 'zufang', label: messages.agentPage.rent },
];

export interface AgentPageProps {
  params: Promise<{ city: string; id: string; page?: string[] }>;
}

const loadAgent = cache(async (rawId: string) => {
  const parsed = idParamSchema.safeParse({ id: rawId });
  // One address per agent: `017` is not another way to write 17.
  if (!parsed.success || !/^[1-9]\d*$/.test(rawId)) notFound();
  return fetchAgent(await publicContext(), parsed.data.id).catch(rethrowAsPage);
});

/** The agent, the city and the page number; the 404 page for a bad id or page, an unknown agent or another city's. */
export async function loadAgentPage(props: AgentPageProps): Promise<{ agent: AgentProfile; city: City; page: number }> {
  const { city: domain, id, page: rest } = await props.params;
  const page = subPageNumber(rest);
  if (page === null || page > AGENT_MAX_PAGE) notFound();
  const [agent, city] = await Promise.all([loadAgent(id), getCity(domain)]);
  if (!city || agent.cityCode !== city.cityCode) notFound();
  return { agent, city, page };
}

/** `经纪人王磊 - 北京找房 - 优居`; `王磊的租房 第2页 - …` on a tab. */
export function agentPageMetadata(tab?: AgentTab) {
  return async (props: AgentPageProps): Promise<Metadata> => {
    const { agent, city, page } = await loadAgentPage(props);
    return agentPageSeo(agent, city, tab, page).metadata;
  };
}

/** What an agent's page tells crawlers (lib/server/seo.ts); its address is the tab's and page's own. */
export function agentPageSeo(agent: AgentProfile, city: City, tab: AgentTab | undefined, page: number): Seo {
  const A = messages.agentPage;
  const label = AGENT_TABS.find((t) => t.key === tab)?.label;
  const name = label ? A.tabTitle(agent.agentName, label) : A.title(agent.agentName);
  return agentSeo(city, agent, agentPath(agent.agentId, tab, page), page > 1 ? A.onPage(name, page) : name);
}
