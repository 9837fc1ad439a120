import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AGENT_MAX_PAGE, type AgentProfile } from '@contracts/agent';
import { channelIsOn } from '@contracts/channels';
import type { City } from '@contracts/city';
import { EAGER_CARDS } from '@/components/listing/card-layout';
import { ListingCard } from '@/components/listing/listing-card';
import { Pagination } from '@/components/listing/pagination';
import { RentCard } from '@/components/listing/rent-card';
import { JsonLd } from '@/components/seo/json-ld';
import { AGENT_TABS, agentPageSeo } from '@/lib/server/agent-pages';
import { agentPath, h5AgentPath, type AgentTab } from '@/lib/agent-paths';
import { fetchAgentEsf, fetchAgentRent } from '@/lib/api/endpoints';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { messages } from '@/lib/messages';
import { AgentProfileCard } from './agent-profile';
import '@/components/project/project.css';
import './agent.css';

export interface AgentPageViewProps {
  agent: AgentProfile;
  city: City;
  tab: AgentTab;
  page: number;
  /** `/agent/{id}` itself (its first tab without the tab in the address). */
  home?: boolean;
}

/**
 * An agent's page: their card, the tabs 二手房 (n) / 租房 (n) and one page of the tab's listings with the channel's
 * own cards, newest first. 租房 is left out in a city without the rent channel; its address there is the 404 page.
 */
export async function AgentPageView({ agent, city, tab, page, home = false }: AgentPageViewProps) {
  const hasRent = channelIsOn(city, 'rent');
  if (tab === 'zufang' && !hasRent) notFound();
  const ctx = await publicContext();
  const esf = tab === 'esf' ? await fetchAgentEsf(ctx, agent.agentId, page).catch(rethrowAsPage) : null;
  const rent = tab === 'zufang' ? await fetchAgentRent(ctx, agent.agentId, page).catch(rethrowAsPage) : null;
  const result = (esf ?? rent)!;
  const pages = Math.min(AGENT_MAX_PAGE, Math.ceil(result.total / result.pageSize));
  // Past the last page is no page of ours (page 1 of an agent without listings is: the empty state).
  if (page > 1 && page > pages) notFound();
  const A = messages.agentPage;
  const counts: Record<AgentTab, number> = { esf: agent.esfCount, zufang: agent.rentCount };
  return (
    <div className="container agent-page">
      <JsonLd data={agentPageSeo(agent, city, home ? undefined : tab, page).jsonLd} />
      <nav className="breadcrumb" aria-label={messages.a11y.breadcrumb}>
        <Link href="/">{city.cityName}</Link> &gt; <span>{A.agents}</span> &gt;{' '}
        {home ? <span>{agent.agentName}</span> : <Link href={agentPath(agent.agentId)}>{agent.agentName}</Link>}
      </nav>
      <AgentProfileCard agent={agent} mobileCard={h5AgentPath(agent.agentId)} />
      <nav className="project-tabs agent-tabs" aria-label={A.tabsLabel}>
        {AGENT_TABS.filter((t) => t.key === 'esf' || hasRent).map((t) => {
          const label = A.tab(t.label, counts[t.key]);
          return t.key === tab ? (
            <span key={t.key} className="is-active" aria-current="page">
              {label}
            </span>
          ) : (
            <Link key={t.key} href={agentPath(agent.agentId, t.key)}>
              {label}
            </Link>
          );
        })}
      </nav>
      {result.list.length === 0 ? (
        <div className="empty-state">
          <p>{tab === 'esf' ? A.emptyEsf : A.emptyRent}</p>
        </div>
      ) : (
        <ul className="listings">
          {esf?.list.map((item, i) => (
            <ListingCard key={item.id} item={item} eager={i < EAGER_CARDS} />
          ))}
          {rent?.list.map((item, i) => (
            <RentCard key={item.id} item={item} eager={i < EAGER_CARDS} />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} href={(n) => agentPath(agent.agentId, tab, n)} />
    </div>
  );
}
