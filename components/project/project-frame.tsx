import Link from 'next/link';
import type { ReactNode } from 'react';
import { CHANNELS } from '@contracts/channels';
import type { City } from '@contracts/city';
import type { NewHomeDetail } from '@contracts/new-home';
import { ProjectPrice, SaleStatusBadge } from '@/components/listing/project-card';
import { JsonLd } from '@/components/seo/json-ld';
import { projectPageSeo } from '@/lib/server/project-detail';
import { messages } from '@/lib/messages';
import { PROJECT_TABS, projectPath, type ProjectTab } from '@/lib/project-pages';
import { formatListPath } from '@/lib/search-path';
import './project.css';

export interface ProjectFrameProps {
  project: NewHomeDetail;
  city: City;
  active: ProjectTab;
  /** The sub-page's page number (its address and breadcrumb for crawlers). */
  page?: number;
  /** The page's heading when it is not the tab's name (写点评 under the 点评 tab). */
  heading?: string;
  children: ReactNode;
}

/**
 * What every page of a project shares (spec §2 "New-home detail"): the breadcrumb, the name with its sale status
 * and price, and the tab bar of its sub-pages with the current one marked.
 */
export function ProjectFrame({ project: p, city, active, page = 1, heading, children }: ProjectFrameProps) {
  const districtList = formatListPath(CHANNELS.new, { districtId: p.districtId, keyword: p.districtName });
  const activeLabel = PROJECT_TABS.find((t) => t.key === active)!.label;
  return (
    <div className="container detail-page project-detail">
      <JsonLd data={projectPageSeo(p, city, active, page).jsonLd} />
      <nav className="breadcrumb" aria-label={messages.a11y.breadcrumb}>
        <Link href="/">{city.cityName}</Link> &gt; <Link href={CHANNELS.new.listPath}>{messages.channelNames.new}</Link> &gt;{' '}
        <Link href={districtList}>{p.districtName}</Link> &gt;{' '}
        {active === 'home' ? (
          <span>{p.name}</span>
        ) : (
          <>
            <Link href={projectPath(p.id)}>{p.name}</Link> &gt; <span>{activeLabel}</span>
          </>
        )}
      </nav>
      <div className="project-detail__head">
        {active === 'home' ? <h1 className="detail-title">{p.name}</h1> : <p className="detail-title">{p.name}</p>}
        <SaleStatusBadge status={p.saleStatus} />
        {p.propertyTypes.map((t) => (
          <span key={t} className="project__type">
            {t}
          </span>
        ))}
        {active !== 'home' && (
          <span className="project-frame__price">
            <ProjectPrice avgPrice={p.avgPrice} totalPriceMin={p.totalPriceMin} totalPriceMax={p.totalPriceMax} />
          </span>
        )}
      </div>
      <nav className="project-tabs" aria-label={messages.newHome.tabsLabel}>
        {PROJECT_TABS.map((t) =>
          t.key === active ? (
            <span key={t.key} className="is-active" aria-current="page">
              {t.label}
            </span>
          ) : (
            <Link key={t.key} href={projectPath(p.id, t.key)}>
              {t.label}
            </Link>
          ),
        )}
      </nav>
      {active !== 'home' && <h1 className="project-frame__title">{heading ?? activeLabel}</h1>}
      {children}
    </div>
  );
}
