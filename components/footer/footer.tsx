import Link from 'next/link';
import type { City } from '@contracts/city';
import { getBottomLinks } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';
import { messages } from '@/lib/messages';
import { FooterTabs, type FooterTab } from './footer-tabs';

export interface FooterProps {
  city: City;
  /** spec §2: the friendly-links tab is shown on the home page only. */
  withFriendlyLinks?: boolean;
}

export async function Footer({ city, withFriendlyLinks = false }: FooterProps) {
  const links = await getBottomLinks(city.cityCode);
  const t = messages.footerTabs;
  const tabs: FooterTab[] = links
    ? [
        { key: 'hotCity', title: t.hotCity, links: links.hotCity },
        { key: 'hotEsfCity', title: t.hotEsfCity, links: links.hotEsfCity },
        { key: 'hotNewCity', title: t.hotNewCity, links: links.hotNewCity },
        { key: 'hotRentCity', title: t.hotRentCity, links: links.hotRentCity },
        ...(withFriendlyLinks ? [{ key: 'outSideLink', title: t.outSideLink, links: links.outSideLink }] : []),
      ]
    : [];
  return (
    <footer className="site-footer">
      <div className="container">
        {tabs.length > 0 && <FooterTabs tabs={tabs} />}
        <div className="site-footer__links">
          <Link href="/about">{messages.about}</Link>
          <Link href="/about/ujcontact">{messages.contactUs}</Link>
          <Link href="/about/agreement">{messages.agreement}</Link>
          <Link href="/about/privacy">{messages.privacy}</Link>
          <Link href="/sitemap">{messages.siteMap.title}</Link>
          <Link href="/validate">{messages.validate.title}</Link>
        </div>
        <p className="site-footer__disclaimer">{messages.disclaimer}</p>
        <p className="site-footer__icp">
          © {messages.brand} · {config.icpFiling}
        </p>
      </div>
    </footer>
  );
}
