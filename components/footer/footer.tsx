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
  const d = messages.footerDisclaimers;
  const tab = (key: keyof typeof t, tabLinks: FooterTab['links']): FooterTab => ({
    key,
    title: t[key],
    links: tabLinks,
    disclaimer: d[key],
  });
  const tabs: FooterTab[] = links
    ? [
        tab('hotCity', links.hotCity),
        tab('hotEsfCity', links.hotEsfCity),
        tab('hotNewCity', links.hotNewCity),
        tab('hotRentCity', links.hotRentCity),
        ...(withFriendlyLinks ? [tab('outSideLink', links.outSideLink)] : []),
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
        {/* Each tab carries its own disclaimer; without the tabs (the footer links failed) the site's general one. */}
        {tabs.length === 0 && <p className="site-footer__disclaimer">{messages.disclaimer}</p>}
        <p className="site-footer__icp">
          © {messages.brand} · {config.icpFiling}
        </p>
      </div>
    </footer>
  );
}
