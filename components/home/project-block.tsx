import Link from 'next/link';
import { CHANNELS, detailPath } from '@contracts/channels';
import type { NewHomeListItem } from '@contracts/new-home';
import { ProjectPrice, SaleStatusBadge } from '@/components/listing/project-card';
import type { CallContext } from '@/lib/api/core';
import { fetchNewHomeList } from '@/lib/api/endpoints';
import { formatAreaRange, formatLayoutRooms } from '@/lib/format';
import { messages } from '@/lib/messages';

const M = messages.newHome;

/** How many projects the home shows: one row of the grid. */
export const HOME_PROJECT_COUNT = 4;

/**
 * The home's projects: the city's latest (the 新房 list's default order), one row of the block. Only for a city
 * whose 新房 channel is on (channelIsOn(city, 'new')); elsewhere the list answers 404.
 */
export async function fetchHomeProjects(ctx: CallContext, cityCode: string): Promise<NewHomeListItem[]> {
  return (await fetchNewHomeList(ctx, { cityCode, page: 1, pageSize: HOME_PROJECT_COUNT })).list;
}

/** The home page's 新房 block: a row of project cards and 查看更多 into the 新房 list. Nothing when there are none. */
export function ProjectBlock({ projects }: { projects: NewHomeListItem[] }) {
  if (projects.length === 0) return null;
  return (
    <section className="container section project-block">
      <div className="section__head">
        <h2>{M.homeBlock}</h2>
        <Link href={CHANNELS.new.listPath}>{messages.viewMore} &gt;</Link>
      </div>
      <ul className="project-grid">
        {projects.map((p) => (
          <li key={p.id}>
            <Link href={detailPath('new', p.id)}>
              {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
              <img src={p.coverUrl} alt={p.name} loading="lazy" width={270} height={180} />
              <div className="project-grid__name">
                <span>{p.name}</span>
                <SaleStatusBadge status={p.saleStatus} />
              </div>
              <div className="project-grid__meta">
                {p.districtName} · {p.businessAreaName} · {formatLayoutRooms(p.layoutRooms)}{' '}
                {formatAreaRange(p.areaMin, p.areaMax)}
              </div>
              <ProjectPrice avgPrice={p.avgPrice} totalPriceMin={p.totalPriceMin} totalPriceMax={p.totalPriceMax} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
