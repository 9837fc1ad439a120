import Link from 'next/link';
import { CHANNELS, channelIsOn } from '@contracts/channels';
import { SALE_STATUS } from '@contracts/new-home';
import { AgentCard } from '@/components/detail/agent-card';
import { ProjectFrame } from '@/components/project/project-frame';
import { ReviewBlock } from '@/components/project/review-block';
import { FactsSection } from '@/components/detail/facts-section';
import { DetailMap } from '@/components/detail/detail-map';
import { PhotoAlbum } from '@/components/detail/photo-album';
import { PhotoGallery } from '@/components/detail/photo-gallery';
import { ProjectLayouts } from '@/components/detail/project-layouts';
import { ProjectPrice } from '@/components/listing/project-card';
import { ListingTags } from '@/components/listing/listing-tags';
import { LoanEstimate } from '@/components/tool/loan-estimate';
import { SimilarListings } from '@/components/detail/similar-listings';
import type { DetailPageProps } from '@/lib/server/channel-detail';
import { loadProjectDetailPage } from '@/lib/server/detail-pages';
import { formatAreaRange, formatLayoutRooms, formatProjectDate, formatTotalRange, formatUnitPrice } from '@/lib/format';
import { messages } from '@/lib/messages';
import { projectDetail } from '@/lib/server/project-detail';
import { projectPath } from '@/lib/project-pages';
import { formatListPath } from '@/lib/search-path';
import '@/components/project/project.css';

const CHANNEL = CHANNELS.new;
const M = messages.newHome;

export const generateMetadata = projectDetail.generateMetadata;

/**
 * 新房 detail (spec §2 "New-home detail"): price and status, the project's facts (developer, dates, ratios, households, parking,
 * 产权年限), its layouts, the album by kind, the sales consultant and where it is. `/loupan/xiangqing/{id}.html`
 * is this page too (lib/redirect-rules.ts routeAlias). The tab bar leads to its sub-pages (lib/project-pages.ts).
 */
export default async function NewHomeDetailPage(props: DetailPageProps) {
  // 点评 block (spec §2 "New-home detail"): the summary and the two newest.
  const { detail: d, city, reviews, similar } = await loadProjectDetailPage(props);
  const F = M.facts;
  const more = messages.projectPages.more;
  const opening =
    d.saleStatus === SALE_STATUS.COMING ? M.planned(formatProjectDate(d.openingDate)) : formatProjectDate(d.openingDate);
  const delivery = formatProjectDate(d.deliveryDate);
  const total = formatTotalRange(d.totalPriceMin, d.totalPriceMax);
  const station = d.nearestStation
    ? M.nearestStation(d.nearestStation.lineName, d.nearestStation.stationName, d.nearestStation.distance)
    : M.noSubwayNearby;
  const districtList = formatListPath(CHANNEL, { districtId: d.districtId, keyword: d.districtName });
  const areaList = formatListPath(CHANNEL, {
    districtId: d.districtId,
    businessAreaId: d.businessAreaId,
    keyword: d.businessAreaName,
  });
  const facts: [string, string][] = [
    [F.avgPrice, d.avgPrice === null ? M.priceTbd : formatUnitPrice(d.avgPrice)],
    [F.totalPrice, total ?? M.priceTbd],
    [F.saleStatus, M.saleStatus[d.saleStatus] ?? ''],
    [F.propertyTypes, d.propertyTypes.join('、')],
    [F.buildingType, d.buildingType],
    [F.decoration, d.decoration],
    [F.developer, d.developer],
    [F.propertyCompany, d.propertyCompany],
    [F.openingDate, opening],
    [F.deliveryDate, delivery],
    [F.plotRatio, String(d.plotRatio)],
    [F.greenRatio, `${Math.round(d.greenRatio * 100)}%`],
    [F.households, M.householdsValue(d.households)],
    [F.parkingSpaces, M.parkingValue(d.parkingSpaces)],
    [F.parkingRatio, `1:${(d.parkingSpaces / d.households).toFixed(2)}`],
    [F.rightsYears, M.years(d.rightsYears)],
    [F.address, d.address],
    ...(d.alias ? [[M.aliasLabel, d.alias] as [string, string]] : []),
  ];
  // The gallery names each photo's kind unless its title already does (效果图1, 样板间·客厅).
  const photos = d.photoGroups.flatMap((g) =>
    g.photos.map((p) => ({ url: p.url, title: p.title.startsWith(g.kind) ? p.title : `${g.kind} · ${p.title}` })),
  );
  return (
    <ProjectFrame project={d} city={city} active="home">
      {d.alias && (
        <p className="project-detail__alias">
          {M.aliasLabel}：{d.alias}
        </p>
      )}
      <ListingTags tags={d.tags} />
      <div className="detail-top">
        <PhotoGallery photos={photos} coverUrl={d.coverUrl} alt={d.name} />
        <aside className="detail-side">
          <div className="price-block project-detail__price">
            <ProjectPrice avgPrice={d.avgPrice} totalPriceMin={d.totalPriceMin} totalPriceMax={d.totalPriceMax} />
          </div>
          <LoanEstimate totalWan={d.totalPriceMin} />
          <div className="key-facts">
            <div>
              <strong>{formatLayoutRooms(d.layoutRooms)}</strong>
              <span>
                {M.builtArea} {formatAreaRange(d.areaMin, d.areaMax)}
              </span>
            </div>
            <div>
              <strong>{opening}</strong>
              <span>{F.openingDate}</span>
            </div>
            <div>
              <strong>{delivery}</strong>
              <span>{F.deliveryDate}</span>
            </div>
          </div>
          <div className="side-row">
            <span>{F.address}</span>
            {d.address}
          </div>
          <div className="side-row">
            <span>{F.region}</span>
            <Link href={districtList}>{d.districtName}</Link>
            <Link href={areaList}>{d.businessAreaName}</Link>
          </div>
          <div className="side-row">
            <span>{F.developer}</span>
            {d.developer}
          </div>
          <h2 className="project-detail__consultant">{M.consultant}</h2>
          <AgentCard agent={d.agent} listing={{ businessType: CHANNEL.businessType, id: d.id }} />
        </aside>
      </div>
      <FactsSection title={M.sections.info} facts={facts} more={{ href: projectPath(d.id, 'xinxi'), label: more }} />
      <section className="section">
        <h2 className="section__title">
          {M.sections.layouts}
          <Link className="section__more" href={projectPath(d.id, 'huxing')}>
            {more}
          </Link>
        </h2>
        <ProjectLayouts layouts={d.layouts} />
      </section>
      <section className="section">
        <h2 className="section__title">
          {M.sections.album}
          <Link className="section__more" href={projectPath(d.id, 'xiangce')}>
            {more}
          </Link>
        </h2>
        <PhotoAlbum groups={d.photoGroups} alt={d.name} />
      </section>
      <section className="section">
        <h2 className="section__title">
          {M.sections.location}
          <Link className="section__more" href={projectPath(d.id, 'zhoubian')}>
            {more}
          </Link>
        </h2>
        <dl className="facts facts--1">
          <div>
            <dt>{F.address}</dt>
            <dd>{d.address}</dd>
          </div>
          <div>
            <dt>{F.region}</dt>
            <dd>
              {d.districtName} · {d.businessAreaName}
            </dd>
          </div>
          <div>
            <dt>{F.subway}</dt>
            <dd>{station}</dd>
          </div>
        </dl>
        <p className="project-detail__nearby">
          <Link href={areaList}>{M.nearbyProjects(d.businessAreaName)}</Link>
          {channelIsOn(city, 'esf') && (
            <Link
              href={formatListPath(CHANNELS.esf, {
                districtId: d.districtId,
                businessAreaId: d.businessAreaId,
                keyword: d.businessAreaName,
              })}
            >
              {M.nearbyEsf(d.businessAreaName)}
            </Link>
          )}
        </p>
      </section>
      {reviews && <ReviewBlock projectId={d.id} reviews={reviews} />}
      {d.description && (
        <section className="section">
          <h2 className="section__title">{M.sections.describe}</h2>
          <p className="description">{d.description}</p>
        </section>
      )}
      <DetailMap cityCode={city.cityCode} lat={d.lat} lng={d.lng} name={d.name} />
      <SimilarListings title={messages.similar.projects} items={similar} />
    </ProjectFrame>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
