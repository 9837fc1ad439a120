import Link from 'next/link';
import type { Metadata } from 'next';
import { channelIsOn, detailPath } from '@contracts/channels';
import type { EsfListItem } from '@contracts/esf';
import type { RentListItem } from '@contracts/rent';
import { AgentContact } from '@/components/agent/agent-profile';
import { loadAgentPage, type AgentPageProps } from '@/lib/server/agent-pages';
import { agentPath } from '@/lib/agent-paths';
import { fetchAgentEsf, fetchAgentRent } from '@/lib/api/endpoints';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { formatArea, formatLayout, formatTotalPrice } from '@/lib/format';
import { messages } from '@/lib/messages';

/**
 * `/h5/agent?agentId={id}` (spec §2 fixed route, layout h5): the business card an agent shares to phones, with
 * their newest listings. A query would make the page read the request (and render for every visit), so the proxy
 * rewrites the address to this cached route, `/h5/agent/{id}` (lib/redirect-rules.ts h5Route); a missing or bad
 * agentId gets no rewrite and ends on the 404 page.
 */
export async function generateMetadata(props: AgentPageProps): Promise<Metadata> {
  const { agent, city } = await loadAgentPage(props);
  return { title: messages.pageTitle(messages.agentPage.h5Title(agent.agentName), city.cityName) };
}

interface H5Item {
  id: number;
  href: string;
  coverUrl: string;
  title: string;
  facts: string;
  price: string;
}

const esfItem = (l: EsfListItem): H5Item => ({
  id: l.id,
  href: detailPath('esf', l.id),
  coverUrl: l.coverUrl,
  title: l.title,
  facts: `${formatLayout(l.rooms, l.halls)} · ${formatArea(l.area)} · ${l.communityName}`,
  price: `${formatTotalPrice(l.totalPrice)}${messages.totalPriceUnit}`,
});

const rentItem = (l: RentListItem): H5Item => ({
  id: l.id,
  href: detailPath('rent', l.id),
  coverUrl: l.coverUrl,
  title: l.title,
  facts: `${messages.rentTypes[l.rentType]} · ${formatLayout(l.rooms, l.halls)} · ${formatArea(l.area)}`,
  price: `${l.monthlyRent.toLocaleString('zh-CN')}${messages.rentUnit}`,
});

function H5Listings({ title, items, total, more }: { title: string; items: H5Item[]; total: number; more: string }) {
  if (items.length === 0) return null;
  return (
    <section className="h5-agent__block">
      <h2 className="h5-agent__title">
        {title}
        {total > items.length && (
          <Link href={more} className="h5-agent__more">
            {messages.agentPage.h5More(total)}
          </Link>
        )}
      </h2>
      <ul className="h5-listings">
        {items.map((item) => (
          <li key={item.id}>
            <Link href={item.href} className="h5-listing">
              {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the backend's object store */}
              <img src={item.coverUrl} alt={item.title} width={96} height={72} loading="lazy" />
              <span className="h5-listing__body">
                <span className="h5-listing__title">{item.title}</span>
                <span className="h5-listing__facts">{item.facts}</span>
                <span className="h5-listing__price">{item.price}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default async function H5AgentPage(props: AgentPageProps) {
  const { agent: a, city } = await loadAgentPage(props);
  const A = messages.agentPage;
  const ctx = await publicContext();
  const hasRent = channelIsOn(city, 'rent');
  const [esf, rent] = await Promise.all([
    fetchAgentEsf(ctx, a.agentId, 1).catch(rethrowAsPage),
    hasRent ? fetchAgentRent(ctx, a.agentId, 1).catch(rethrowAsPage) : null,
  ]);
  const esfItems = esf.list.map(esfItem);
  const rentItems = rent?.list.map(rentItem) ?? [];
  return (
    <div className="h5-agent">
      <section className="h5-agent__card">
        {/* eslint-disable-next-line @next/next/no-img-element -- agent photo from the backend */}
        <img className="h5-agent__photo" src={a.agentPhoto} alt={a.agentName} width={72} height={72} />
        <div className="h5-agent__who">
          <h1 className="h5-agent__name">{a.agentName}</h1>
          <p className="h5-agent__brand">
            {a.brandName} · {a.branchName}
          </p>
          <p className="h5-agent__facts">
            {A.serviceArea} {a.districtName} · {a.businessAreaName}
          </p>
          <p className="h5-agent__facts">
            {A.years} {A.yearsValue(a.years)}
          </p>
        </div>
        <div className="h5-agent__contact">
          <AgentContact agent={a} />
        </div>
      </section>
      <H5Listings title={`${A.esf} (${a.esfCount})`} items={esfItems} total={a.esfCount} more={agentPath(a.agentId, 'esf')} />
      <H5Listings
        title={`${A.rent} (${a.rentCount})`}
        items={rentItems}
        total={a.rentCount}
        more={agentPath(a.agentId, 'zufang')}
      />
      {esfItems.length === 0 && rentItems.length === 0 && <p className="h5-agent__empty">{A.h5Empty}</p>}
      <p className="h5-agent__brandline">{messages.brand}</p>
    </div>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
