import Link from 'next/link';
import { JsonLd } from '@/components/seo/json-ld';
import { CHANNELS } from '@contracts/channels';
import { FactsSection } from '@/components/detail/facts-section';
import { DetailMap } from '@/components/detail/detail-map';
import { PhotoGallery } from '@/components/detail/photo-gallery';
import { RecentCuts } from '@/components/detail/price-history';
import { RentTiles, SaleTiles } from '@/components/estate/home-tiles';
import { percentChange, PriceTrendChart } from '@/components/estate/price-trend-chart';
import { SimilarListings } from '@/components/detail/similar-listings';
import type { DetailPageProps } from '@/lib/server/channel-detail';
import { estateDetail, loadEstateDetailPage } from '@/lib/server/detail-pages';
import { formatUnitPrice } from '@/lib/format';
import { messages } from '@/lib/messages';
import { formatListPath } from '@/lib/search-path';

const CHANNEL = CHANNELS.estate;
const E = messages.estate;
const F = E.facts;

export const generateMetadata = estateDetail.generateMetadata;

/**
 * 小区 detail (spec §2 parameterised routes): the reference price and its 12-month trend, the community's facts, its homes for sale
 * and for rent (each count a link into that channel's list of the community), description and location.
 */
export default async function EstateDetailPage(props: DetailPageProps) {
  const { detail: d, city, seo, similar, cuts, hasRentals } = await loadEstateDetailPage(props);
  const forSaleList = formatListPath(CHANNELS.esf, { estateId: d.id });
  const forRentList = formatListPath(CHANNELS.rent, { estateId: d.id });
  const trend = d.priceTrend;
  const lastMonth = Number(trend.at(-1)?.month.slice(5) ?? 0);
  const station = d.nearestStation
    ? E.nearStation(d.nearestStation.lineName, d.nearestStation.stationName, d.nearestStation.distance)
    : E.noStation;
  const overview: [string, string][] = [
    [F.buildYear, `${d.buildYear}年`],
    [F.buildingType, d.buildingType],
    [F.buildingCount, E.buildings(d.buildingCount)],
    [F.households, E.households(d.households)],
    [F.propertyFee, `${d.propertyFee}${E.propertyFeeUnit}`],
    [F.propertyCompany, d.propertyCompany],
    [F.developer, d.developer],
    [F.plotRatio, String(d.plotRatio)],
    [F.greenRatio, `${Math.round(d.greenRatio * 100)}%`],
    [E.referencePrice, formatUnitPrice(d.avgPrice)],
  ];
  const location: [string, string][] = [
    [F.address, d.address],
    [F.region, `${d.districtName} ${d.businessAreaName}`],
    [F.subway, station],
  ];
  return (
    <div className="container detail-page estate-detail">
      <JsonLd data={seo.jsonLd} />
      <nav className="breadcrumb" aria-label={messages.a11y.breadcrumb}>
        <Link href="/">{city.cityName}</Link> &gt; <Link href={CHANNEL.listPath}>{messages.channelNames.estate}</Link> &gt;{' '}
        <Link href={formatListPath(CHANNEL, { districtId: d.districtId })}>{d.districtName}</Link> &gt;{' '}
        <Link href={formatListPath(CHANNEL, { districtId: d.districtId, businessAreaId: d.businessAreaId })}>
          {d.businessAreaName}
        </Link>{' '}
        &gt; <span>{d.name}</span>
      </nav>
      <h1 className="detail-title">{d.name}</h1>
      <p className="estate-detail__address">
        {d.districtName} · {d.businessAreaName} · {d.address}
      </p>
      <div className="detail-top">
        <PhotoGallery photos={d.photos} alt={d.name} />
        <aside className="detail-side">
          <div className="price-block">
            <span className="price-block__total">
              <strong>{d.avgPrice.toLocaleString('en-US')}</strong>
              {messages.unitPriceUnit}
            </span>
            <span className="price-block__unit">{E.monthPrice(lastMonth)}</span>
          </div>
          {trend.length >= 2 && (
            <div className="estate-detail__change">
              <span>
                {E.monthOnMonth} <em>{percentChange(trend.at(-2)!.price, d.avgPrice)}</em>
              </span>
              <span>
                {E.overYear} <em>{percentChange(trend[0]!.price, d.avgPrice)}</em>
              </span>
            </div>
          )}
          <div className="key-facts">
            <div>
              <strong>{d.buildYear}年</strong>
              <span>{F.buildYear}</span>
            </div>
            <div>
              <strong>{d.buildingType}</strong>
              <span>{F.buildingType}</span>
            </div>
            <div>
              <strong>{E.households(d.households)}</strong>
              <span>{F.households}</span>
            </div>
          </div>
          <div className="estate-detail__homes">
            {d.onSaleCount > 0 ? <Link href={forSaleList}>{E.onSale(d.onSaleCount)}</Link> : <span>{E.noneOnSale}</span>}
            {hasRentals &&
              (d.onRentCount > 0 ? <Link href={forRentList}>{E.onRent(d.onRentCount)}</Link> : <span>{E.noneOnRent}</span>)}
          </div>
          <div className="side-row">
            <span>{messages.regionLabel}</span>
            {d.districtName} {d.businessAreaName}
          </div>
          <div className="side-row">
            <span>{messages.filterLabels.subway}</span>
            {station}
          </div>
          <div className="side-row">
            <span>{F.propertyFee}</span>
            {d.propertyFee}
            {E.propertyFeeUnit}
          </div>
        </aside>
      </div>
      <FactsSection title={E.overview} facts={overview} />
      <section className="section">
        <h2 className="section__title">{E.trendTitle}</h2>
        <PriceTrendChart points={trend} />
      </section>
      <section className="section">
        <div className="section__head estate-detail__head">
          <h2 className="section__title">{E.homesForSaleTitle}</h2>
          {d.onSaleCount > 0 && <Link href={forSaleList}>{E.viewAllForSale(d.onSaleCount)}</Link>}
        </div>
        {d.forSale.length > 0 ? <SaleTiles homes={d.forSale} /> : <p className="estate-detail__none">{E.noHomesForSale}</p>}
      </section>
      <RecentCuts cuts={cuts} />
      {hasRentals && (
        <section className="section">
          <div className="section__head estate-detail__head">
            <h2 className="section__title">{E.homesForRentTitle}</h2>
            {d.onRentCount > 0 && <Link href={forRentList}>{E.viewAllForRent(d.onRentCount)}</Link>}
          </div>
          {d.forRent.length > 0 ? <RentTiles homes={d.forRent} /> : <p className="estate-detail__none">{E.noHomesForRent}</p>}
        </section>
      )}
      {d.description && (
        <section className="section">
          <h2 className="section__title">{E.introduction}</h2>
          <p className="description">{d.description}</p>
        </section>
      )}
      <FactsSection title={E.location} facts={location} />
      <DetailMap cityCode={city.cityCode} lat={d.lat} lng={d.lng} name={d.name} />
      <SimilarListings title={messages.similar.estates} items={similar} />
    </div>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
