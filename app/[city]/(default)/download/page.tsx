import type { Metadata } from 'next';
import { ServerPhoto } from '@/components/layout/server-photo';
import '@/components/news/news.css';
import { fetchHome } from '@/lib/api/endpoints';
import { cityOrigin } from '@/lib/host';
import { messages } from '@/lib/messages';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';
import { qrDataUrl } from '@/lib/server/qr';

interface DownloadProps {
  params: Promise<{ city: string }>;
}

export async function generateMetadata({ params }: DownloadProps): Promise<Metadata> {
  const city = await getCity((await params).city);
  return city ? { title: messages.pageTitle(messages.download.title, city.cityName) } : {};
}

/**
 * `/download` (下载APP, the header's link; spec §2 fixed routes): what the app does, with the city's own figures, a QR
 * code and a link for each store the deployment names (APP_IOS_URL, APP_ANDROID_URL; a platform without one says
 * 即将上架), and a QR code of this city's site for opening it on a phone. The codes are drawn on the server from
 * those addresses.
 */
export default async function DownloadPage({ params }: DownloadProps) {
  const city = await getCity((await params).city);
  if (!city) return null;
  const home = await fetchHome(await publicContext(), city.cityCode).catch(rethrowAsPage);
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
      <section className="download__hero">
        <div>
          <h1 className="download__headline">{D.headline}</h1>
          <p className="download__intro">
            {D.intro(
              home.stats.esfCount.toLocaleString('en-US'),
              home.stats.communityCount.toLocaleString('en-US'),
              city.cityName,
            )}
          </p>
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
