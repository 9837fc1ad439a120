import type { Metadata } from 'next';
import Link from 'next/link';
import { detailPath } from '@contracts/channels';
import { ShareView } from '@/components/fixed/share-card';
import { JsonLd } from '@/components/seo/json-ld';
import { fetchHome } from '@/lib/api/endpoints';
import { formatArea, formatLayout, formatTotalPrice } from '@/lib/format';
import { cityOrigin } from '@/lib/host';
import { messages } from '@/lib/messages';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';
import { qrDataUrl } from '@/lib/server/qr';
import { seoFor } from '@/lib/server/seo';
import { sharePath } from '@/lib/share-paths';

interface ShareSiteProps {
  params: Promise<{ city: string }>;
}

async function load({ params }: ShareSiteProps) {
  const city = await getCity((await params).city);
  if (!city) return null;
  const home = await fetchHome(await publicContext(), city.cityCode).catch(rethrowAsPage);
  const n = (v: number) => v.toLocaleString('en-US');
  const intro = messages.share.siteIntro(
    city.cityName,
    n(home.stats.esfCount),
    n(home.stats.communityCount),
    n(home.stats.agentCount),
  );
  const seo = seoFor({ city, path: '/share', name: messages.share.siteTitle(city.cityName), description: intro });
  return { city, home, intro, seo };
}

export async function generateMetadata(props: ShareSiteProps): Promise<Metadata> {
  return (await load(props))?.seo.metadata ?? {};
}

/**
 * spec §2 fixed routes `/share` and `/share.html` without an item in the query: the city's own site to share, its
 * figures, the QR code of its home and its newest listings, each with its own share link. Served on www too (spec §2
 * exemption), there with the default city.
 */
export default async function ShareSitePage(props: ShareSiteProps) {
  const data = await load(props);
  if (!data) return null;
  const { city, home, intro, seo } = data;
  const url = `${cityOrigin(city.cityDomain, config)}/`;
  const S = messages.share;
  return (
    <div className="container share-page">
      <JsonLd data={seo.jsonLd} />
      <ShareView
        kindName={messages.brand}
        title={messages.siteTitle(city.cityName)}
        facts={[intro]}
        price={null}
        coverUrl=""
        url={url}
        qr={await qrDataUrl(url)}
      />
      {home.esfHot.length > 0 && (
        <section className="share-latest">
          <h2 className="section__title">{S.latest}</h2>
          <ul>
            {home.esfHot.slice(0, 8).map((h) => (
              <li key={h.id}>
                <Link href={detailPath('esf', h.id)}>{h.title}</Link>
                <span>
                  {formatLayout(h.rooms, h.halls)} · {formatArea(h.area)} · {formatTotalPrice(h.totalPrice)}
                  {messages.totalPriceUnit}
                </span>
                <Link href={sharePath('esf', h.id)}>{messages.listingProof.share}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
