import Link from 'next/link';
import { JsonLd } from '@/components/seo/json-ld';
import { CHANNELS } from '@contracts/channels';
import { HomeSideRows } from '@/components/detail/home-side-rows';
import { CommunityBlock } from '@/components/detail/community-block';
import { DetailMap } from '@/components/detail/detail-map';
import { FactsSection } from '@/components/detail/facts-section';
import { ListingProof } from '@/components/detail/listing-proof';
import { SimilarListings } from '@/components/detail/similar-listings';
import { PhotoGallery } from '@/components/detail/photo-gallery';
import { LoanEstimate } from '@/components/tool/loan-estimate';
import { PriceHistorySection } from '@/components/detail/price-history';
import { ListingTags } from '@/components/listing/listing-tags';
import { formatArea, formatDate, formatLayout, formatTotalPrice, formatUnitPrice } from '@/lib/format';
import type { DetailPageProps } from '@/lib/server/channel-detail';
import { esfDetail, loadEsfDetailPage } from '@/lib/server/detail-pages';
import { messages } from '@/lib/messages';
import { formatListPath } from '@/lib/search-path';

export const generateMetadata = esfDetail.generateMetadata;

export default async function EsfDetailPage(props: DetailPageProps) {
  const { detail: d, city, seo, similar, history } = await loadEsfDetailPage(props);
  const F = messages.detailFacts;
  const facts: [string, string][] = [
    [F.layout, formatLayout(d.rooms, d.halls, d.baths)],
    [F.area, formatArea(d.area)],
    [F.orientation, d.orientation],
    [F.floor, `${d.floorLevel}/共${d.totalFloors}层`],
    [F.decoration, d.decoration],
    [F.buildYear, `${d.buildYear}年`],
    [F.elevator, d.elevator ? messages.hasElevator : messages.noElevator],
    [F.ladderRatio, d.ladderRatio],
    [F.heating, d.heating],
    [F.propertyType, d.propertyType],
    [F.ownership, d.ownership],
    [F.listedAt, formatDate(d.listedAt)],
    [F.listingNo, d.listingNo],
  ];
  const c = d.community;
  // A community's homes for sale; its name links to its 小区 page.
  const communityListings = formatListPath(CHANNELS.esf, { estateId: c.id });
  return (
    <div className="container detail-page">
      <JsonLd data={seo.jsonLd} />
      <nav className="breadcrumb" aria-label={messages.a11y.breadcrumb}>
        <Link href="/">{city.cityName}</Link> &gt; <Link href={CHANNELS.esf.listPath}>{messages.menu.ershoufang}</Link> &gt;{' '}
        <span>{d.districtName}</span> &gt; <Link href={communityListings}>{d.communityName}</Link>
      </nav>
      <h1 className="detail-title">{d.title}</h1>
      <ListingTags tags={d.tags} />
      <div className="detail-top">
        <PhotoGallery photos={d.photos} coverUrl={d.coverUrl} alt={d.title} />
        <aside className="detail-side">
          <div className="price-block">
            <span className="price-block__total">
              <strong>{formatTotalPrice(d.totalPrice)}</strong>
              {messages.totalPriceUnit}
            </span>
            <span className="price-block__unit">{formatUnitPrice(d.unitPrice)}</span>
          </div>
          <HomeSideRows channel="esf" home={d}>
            <LoanEstimate totalWan={d.totalPrice} />
            <div className="key-facts">
              <div>
                <strong>{formatLayout(d.rooms, d.halls)}</strong>
                <span>
                  {d.floorLevel}/共{d.totalFloors}层
                </span>
              </div>
              <div>
                <strong>{d.orientation}</strong>
                <span>{d.decoration}</span>
              </div>
              <div>
                <strong>{formatArea(d.area)}</strong>
                <span>{d.buildYear}年建</span>
              </div>
            </div>
          </HomeSideRows>
        </aside>
      </div>
      <FactsSection title={messages.basicInfo} facts={facts} />
      <ListingProof channel={'esf'} id={d.id} />
      <PriceHistorySection history={history} rent={false} />
      {d.description && (
        <section className="section">
          <h2 className="section__title">{messages.describe}</h2>
          <p className="description">{d.description}</p>
        </section>
      )}
      <CommunityBlock community={c} listings={communityListings} />
      <DetailMap cityCode={city.cityCode} lat={c.lat} lng={c.lng} name={c.name} />
      <SimilarListings title={messages.similar.homes} items={similar} />
    </div>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
