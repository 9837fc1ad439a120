import Link from 'next/link';
import { JsonLd } from '@/components/seo/json-ld';
import { CHANNELS } from '@contracts/channels';
import { HomeSideRows } from '@/components/detail/home-side-rows';
import { CommunityBlock } from '@/components/detail/community-block';
import { DetailMap } from '@/components/detail/detail-map';
import { FactsSection } from '@/components/detail/facts-section';
import { ListingProof } from '@/components/detail/listing-proof';
import { SimilarListings } from '@/components/detail/similar-listings';
import { PriceHistorySection } from '@/components/detail/price-history';
import { PhotoGallery } from '@/components/detail/photo-gallery';
import { ListingTags } from '@/components/listing/listing-tags';
import { formatArea, formatDate, formatLayout } from '@/lib/format';
import type { DetailPageProps } from '@/lib/server/channel-detail';
import { loadRentDetailPage, rentDetail } from '@/lib/server/detail-pages';
import { messages } from '@/lib/messages';
import { formatListPath } from '@/lib/search-path';

const CHANNEL = CHANNELS.rent;

export const generateMetadata = rentDetail.generateMetadata;

/** 租房 detail (spec §2 parameterised routes): rent and how it is paid, the home's facts, move-in terms, facilities, community, agent. */
export default async function RentDetailPage(props: DetailPageProps) {
  const { detail: d, city, seo, similar, history } = await loadRentDetailPage(props);
  const F = messages.detailFacts;
  const R = messages.rentFacts;
  const facts: [string, string][] = [
    [R.rentType, messages.rentTypes[d.rentType] ?? ''],
    [F.layout, formatLayout(d.rooms, d.halls, d.baths)],
    [F.area, formatArea(d.area)],
    [F.orientation, d.orientation],
    [F.floor, `${d.floorLevel}/共${d.totalFloors}层`],
    [F.decoration, d.decoration],
    [F.elevator, d.elevator ? messages.hasElevator : messages.noElevator],
    [R.checkIn, d.checkIn],
    [R.leaseTerm, d.leaseTerm],
    [R.viewing, d.viewing],
    [R.payment, d.payment],
    [R.deposit, `${d.deposit.toLocaleString('zh-CN')}元`],
    [R.utilities, d.utilities],
    [F.listedAt, formatDate(d.listedAt)],
    [F.listingNo, d.listingNo],
  ];
  const c = d.community;
  const communityRentals = formatListPath(CHANNEL, { estateId: c.id });
  return (
    <div className="container detail-page">
      <JsonLd data={seo.jsonLd} />
      <nav className="breadcrumb" aria-label={messages.a11y.breadcrumb}>
        <Link href="/">{city.cityName}</Link> &gt; <Link href={CHANNEL.listPath}>{messages.channelNames.rent}</Link> &gt;{' '}
        <Link href={communityRentals}>{d.communityName}</Link>
      </nav>
      <h1 className="detail-title">{d.title}</h1>
      <ListingTags tags={d.tags} />
      <div className="detail-top">
        <PhotoGallery photos={d.photos} coverUrl={d.coverUrl} alt={d.title} />
        <aside className="detail-side">
          <div className="price-block">
            <span className="price-block__total">
              <strong>{d.monthlyRent.toLocaleString('zh-CN')}</strong>
              {messages.rentUnit}
            </span>
            <span className="price-block__unit">{d.payment}</span>
          </div>
          <HomeSideRows channel="rent" home={d}>
            <div className="key-facts">
              <div>
                <strong>{messages.rentTypes[d.rentType]}</strong>
                <span>{formatLayout(d.rooms, d.halls)}</span>
              </div>
              <div>
                <strong>{formatArea(d.area)}</strong>
                <span>{d.orientation}</span>
              </div>
              <div>
                <strong>{d.decoration}</strong>
                <span>
                  {d.floorLevel}/共{d.totalFloors}层
                </span>
              </div>
            </div>
          </HomeSideRows>
        </aside>
      </div>
      <FactsSection title={messages.basicInfo} facts={facts} />
      <ListingProof channel={'rent'} id={d.id} />
      <PriceHistorySection history={history} rent />
      <section className="section">
        <h2 className="section__title">{messages.facilities}</h2>
        <ul className="facilities">
          {d.facilities.map((f) => (
            <li
              key={f.name}
              className={f.has ? 'facility' : 'facility facility--none'}
              aria-label={f.has ? f.name : `${f.name}（无）`}
            >
              {f.name}
            </li>
          ))}
        </ul>
      </section>
      {d.description && (
        <section className="section">
          <h2 className="section__title">{messages.describe}</h2>
          <p className="description">{d.description}</p>
        </section>
      )}
      <CommunityBlock community={c} listings={formatListPath(CHANNELS.esf, { estateId: c.id })} />
      <DetailMap cityCode={city.cityCode} lat={c.lat} lng={c.lng} name={c.name} />
      <SimilarListings title={messages.similar.homes} items={similar} />
    </div>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
