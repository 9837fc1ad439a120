import type { Metadata } from 'next';
import { cache } from 'react';
import { ServerPhoto } from '@/components/layout/server-photo';
import { JsonLd } from '@/components/seo/json-ld';
import '@/components/news/news.css';
import { fetchHome } from '@/lib/api/endpoints';
import { cityOrigin } from '@/lib/host';
import { messages } from '@/lib/messages';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';
import { qrDataUrl } from '@/lib/server/qr';
import { seoFor } from '@/lib/server/seo';

interface DownloadProps {
  params: Promise<{ city: string }>;
}

/** The city, its figures and what the page tells crawlers: loaded once for the head and the page (react cache). */
const load = cache(async (domain: string) => {
  const city = await getCity(domain);
  if (!city) return null;
  const home = await fetchHome(await publicContext(), city.cityCode).catch(rethrowAsPage);
  const intro = messages.download.intro(
    home.stats.esfCount.toLocaleString('en-US'),
    home.stats.communityCount.toLocaleString('en-US'),
    city.cityName,
  );
  const seo = seoFor({ city, path: '/download', name: messages.download.title, description: messages.seo.download(intro) });
  return { city, intro, seo };
});

export async function generateMetadata({ params }: DownloadProps): Promise<Metadata> {
  return (await load((await params).city))?.seo.metadata ?? {};
}

/**
 * `/download` (下载APP, the header's link; spec §2 fixed routes): what the app does, with the city's own figures, a QR
 * code and a link for each store the deployment names (APP_IOS_URL, APP_ANDROID_URL; a platform without one says
 * 即将上架), and a QR code of this city's site for opening it on a phone. The codes are drawn on the server from
 * those addresses.
 */
export default async function DownloadPage({ params }: DownloadProps) {
  const data = await load((await params).city);
  if (!data) return null;
  const { city, intro, seo } = data;
  const D = messages.download;
  const site = `${cityOrigin(city.cityDomain, config)}/`;
  const stores = [
    { key: 'ios', label: D.ios, url: config.appLinks.ios },
    { key: 'android', label: D.android, url: config.appLinks.android },
  ];
  const codes = await Promise.all(stores.map((s) => (s.url ? qrDataUrl(s.url) : Promise.resolve(null))));
  const siteCode = await qrDataUrl(site);
  return (
    <div className="container download">
      <JsonLd data={seo.jsonLd} />
      <section className="download__hero">
        <div>
          <h1 className="download__headline">{D.headline}</h1>
          <p className="download__intro">{intro}</p>
        </div>
        <div className="download__codes">
          {stores.map((s, i) => (
            <figure key={s.key} className="download__code">
              {codes[i] ? (
                <ServerPhoto src={codes[i]!} alt={messages.news.qrAlt(s.label)} width={140} height={140} />
              ) : (
                <span className="download__soon">{D.comingSoon}</span>
              )}
              <figcaption>
                {codes[i] ? D.scan(s.label) : s.label}
                {s.url && (
                  <>
                    <br />
                    <a href={s.url} rel="noreferrer">
                      {D.openStore(s.label)}
                    </a>
                  </>
                )}
              </figcaption>
            </figure>
          ))}
          <figure className="download__code">
            <ServerPhoto src={siteCode} alt={messages.news.qrAlt(D.mobileSite)} width={140} height={140} />
            <figcaption>
              {D.mobileSite}
              <br />
              {D.mobileSiteHint}
            </figcaption>
          </figure>
        </div>
      </section>
      <ul className="download__features">
        {D.features.map(([title, text]) => (
          <li key={title}>
            <h2>{title}</h2>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
