import Link from 'next/link';
import { CHANNELS } from '@contracts/channels';
import type { City } from '@contracts/city';
import type { CommercialChannel, CommercialDetail } from '@contracts/commercial';
import { AgentCard } from '@/components/detail/agent-card';
import { FactsSection } from '@/components/detail/facts-section';
import { DetailMap } from '@/components/detail/detail-map';
import { ListingProof } from '@/components/detail/listing-proof';
import { PriceHistorySection } from '@/components/detail/price-history';
import type { PriceHistory } from '@contracts/price-history';
import { JsonLd } from '@/components/seo/json-ld';
import type { JsonLdObject } from '@/lib/seo/structured-data';
import { PhotoGallery } from '@/components/detail/photo-gallery';
import { ListingTags } from '@/components/listing/listing-tags';
import type { SimilarItem } from '@/lib/listing/similar-items';
import { SimilarListings } from '@/components/detail/similar-listings';
import type { DetailPageProps } from '@/lib/server/channel-detail';
import { commercialDetailLoader } from '@/lib/server/detail-pages';
import { commercialFloor, commercialPrice } from '@/lib/commercial-format';
import { formatArea, formatDate } from '@/lib/format';
import { messages } from '@/lib/messages';
import { formatListPath } from '@/lib/search-path';

const M = messages.commercial;
const F = M.facts;

/** The facts of the unit's kind: a shop's frontage, trades and transfer fee; an office's desks and property fee. */
function factsOf(d: CommercialDetail): [string, string][] {
  const floor: [string, string] = [F.floor, commercialFloor(d)];
  const area: [string, string] = [F.area, formatArea(d.area)];
  const decoration: [string, string] = [F.decoration, d.decoration];
  const listed: [string, string][] = [
    [F.listedAt, formatDate(d.listedAt)],
    [F.listingNo, d.listingNo],
  ];
  if (d.kind === 'shop' && 'frontage' in d) {
    return [
      [F.shopType, d.typeName],
      area,
      floor,
      [F.frontage, M.metres(d.frontage)],
      [F.depth, M.metres(d.depth)],
      [F.floorHeight, M.metres(d.floorHeight)],
      [F.trades, d.suitableTrades.join('、')],
      [F.operatingStatus, d.operatingStatus],
      // 转让费 is a let shop's (the outgoing tenant's); a sale has none to show.
      ...(d.deal === 'rent'
        ? [[F.transferFee, d.transferFee === null ? M.noTransferFee : M.transferFee(d.transferFee)] as [string, string]]
        : []),
      decoration,
      ...listed,
    ];
  }
  if (d.kind === 'office' && 'propertyFee' in d) {
    return [
      [F.grade, d.typeName],
      area,
      [F.workstations, M.workstationCount(d.workstations)],
      floor,
      [F.propertyFee, M.propertyFee(d.propertyFee)],
      [F.propertyCompany, d.propertyCompany],
      [F.divisible, d.divisible ? M.divisible : M.notDivisible],
      decoration,
      ...listed,
    ];
  }
  return [area, floor, decoration, ...listed];
}

interface CommercialDetailBodyProps {
  code: CommercialChannel;
  detail: CommercialDetail;
  city: City;
  /** 相似房源 (components/detail/similar-listings.tsx); none when its call failed. */
  similar?: SimilarItem[] | null;
  /** 调价记录; none when its call failed. */
  history?: PriceHistory | null;
  /** What the page tells crawlers (lib/server/seo.ts). */
  jsonLd?: JsonLdObject[];
}

/**
 * The detail page of a shop or an office, for sale or for rent (one body for the four channels): photos, the
 * price in the deal's words, the kind's facts, the agent, the description and where it is.
 */
export function CommercialDetailBody({
  code,
  detail: d,
  city,
  similar = null,
  history = null,
  jsonLd = [],
}: CommercialDetailBodyProps) {
  const channel = CHANNELS[code];
  const name = messages.channelNames[code];
  const price = commercialPrice(d);
  const projectUnits = formatListPath(channel, { keyword: d.projectName });
  const areaUnits = formatListPath(channel, { keyword: d.businessAreaName });
  const station = d.nearestStation;
  return (
    <div className="container detail-page commercial-detail">
      <JsonLd data={jsonLd} />
      <nav className="breadcrumb" aria-label={messages.a11y.breadcrumb}>
        <Link href="/">{city.cityName}</Link> &gt; <Link href={channel.listPath}>{name}</Link> &gt;{' '}
        <Link href={formatListPath(channel, { keyword: d.districtName })}>{d.districtName}</Link> &gt;{' '}
        <Link href={areaUnits}>{d.businessAreaName}</Link> &gt; <Link href={projectUnits}>{d.projectName}</Link>
      </nav>
      <h1 className="detail-title">{d.title}</h1>
      <ListingTags tags={d.tags} />
      <div className="detail-top">
        <PhotoGallery photos={d.photos} coverUrl={d.coverUrl} alt={d.title} />
        <aside className="detail-side">
          <div className="price-block">
            <span className="price-block__total">
              {d.deal === 'rent' && <em className="price-block__label">{M.monthlyRent}</em>}
              <strong>{price.value}</strong>
              {price.unit}
            </span>
            <span className="price-block__unit">{price.detail}</span>
          </div>
          <div className="key-facts">
            <div>
              <strong>{formatArea(d.area)}</strong>
              <span>{F.area}</span>
            </div>
            <div>
              <strong>{d.typeName}</strong>
              <span>{d.kind === 'shop' ? F.shopType : F.grade}</span>
            </div>
            <div>
              <strong>{d.kind === 'office' ? M.workstationCount(d.workstations) : commercialFloor(d)}</strong>
              <span>{d.kind === 'office' ? F.workstations : F.floor}</span>
            </div>
          </div>
          <div className="side-row">
            <span>{M.project}</span>
            <Link href={projectUnits}>{d.projectName}</Link>
          </div>
          <div className="side-row">
            <span>{M.region}</span>
            {d.districtName} {d.businessAreaName}
          </div>
          <div className="side-row">
            <span>{M.address}</span>
            {d.address}
          </div>
          <AgentCard
            agent={d.agent}
            listing={{ businessType: channel.businessType, businessTypeTwo: channel.businessTypeTwo, id: d.id }}
          />
        </aside>
      </div>
      <FactsSection title={messages.basicInfo} facts={factsOf(d)} />
      <ListingProof channel={code} id={d.id} />
      <PriceHistorySection history={history} rent={d.deal === 'rent'} />
      {d.description && (
        <section className="section">
          <h2 className="section__title">{messages.describe}</h2>
          <p className="description">{d.description}</p>
        </section>
      )}
      <section className="section">
        <h2 className="section__title">{M.location}</h2>
        <dl className="facts facts--1">
          <div>
            <dt>{M.address}</dt>
            <dd>{d.address}</dd>
          </div>
          <div>
            <dt>{M.region}</dt>
            <dd>
              {d.districtName} · {d.businessAreaName}
            </dd>
          </div>
          <div>
            <dt>{M.subway}</dt>
            <dd>{station ? M.nearStation(station.lineName, station.stationName, station.distance) : M.noStation}</dd>
          </div>
        </dl>
        <p className="commercial-detail__more">
          <Link href={projectUnits}>{M.projectUnits(d.projectName)}</Link>
          <Link href={areaUnits}>{M.areaUnits(d.businessAreaName, name)}</Link>
        </p>
      </section>
      <DetailMap cityCode={city.cityCode} lat={d.lat} lng={d.lng} name={d.projectName} />
      <SimilarListings title={messages.similar.homes} items={similar} />
    </div>
  );
}

/**
 * A 商铺 or 写字楼 detail route, whole: what lib/server/detail-pages.ts loads for it (a unit of the other deal, another
 * city's, or a channel the city lacks is the 404 page) drawn by the shared body.
 */
export function commercialDetailPage(code: CommercialChannel) {
  const route = commercialDetailLoader(code);
  async function CommercialDetailPage(props: DetailPageProps) {
    const { detail, city, seo, similar, history } = await route.load(props);
    return (
      <CommercialDetailBody code={code} detail={detail} city={city} similar={similar} history={history} jsonLd={seo.jsonLd} />
    );
  }
  return { generateMetadata: route.generateMetadata, CommercialDetailPage };
}
