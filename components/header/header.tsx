import Link from 'next/link';
import { CHANNEL_LIST } from '@contracts/channels';
import type { City, Menu } from '@contracts/city';
import { CityPicker } from '@/components/city/city-picker';
import { SECTIONS, sectionBuilt } from '@/lib/built-sections';
import { getMenus } from '@/lib/server/city-data';
import { messages } from '@/lib/messages';
import { MainNav, SectionLogo, SectionSearch } from './section';
import { UserBox } from './user-box';
import { visibleMenus } from './visible-menus';

export interface HeaderProps {
  city: City;
  /** permiCode highlighted whatever the path (the home layout's 'index'); otherwise the section of the path (./section.tsx). */
  active?: string;
}

/** Menu shown when the menu call fails (spec §7 swallows it): home, the first channel of each menu, news. */
function fallbackMenus(): Menu[] {
  const m = messages.menu;
  const channels = CHANNEL_LIST.filter((c, i) => CHANNEL_LIST.findIndex((d) => d.menuCode === c.menuCode) === i);
  return [
    { permiName: m.index, permiCode: 'index', jumpPage: '/', children: [] },
    ...channels.map((c) => ({ permiName: m[c.menuCode], permiCode: c.menuCode, jumpPage: c.listPath, children: [] })),
    { permiName: m.news, permiCode: 'news', jumpPage: `${SECTIONS.news.path}/`, children: [] },
  ];
}

export async function Header({ city, active }: HeaderProps) {
  const menus = await getMenus(city.cityCode);
  const items = visibleMenus(menus.length ? menus : fallbackMenus(), city);
  return (
    <>
      <header className="site-header">
        <div className="site-header__inner container">
          <SectionLogo />
          <CityPicker />
          <MainNav items={items} active={active} />
          <div className="site-header__right">
            {sectionBuilt('map') && (
              <Link href={`${SECTIONS.map.path}?type=0`} className="map-button">
                {messages.mapSearch}
              </Link>
            )}
            <div className="dropdown">
              <span className="dropdown__toggle">{messages.owner}</span>
              <div className="dropdown__menu">
                <Link href="/personal/entrust/sell">{messages.sellHome}</Link>
                <Link href="/personal/entrust/rental">{messages.rentOutHome}</Link>
              </div>
            </div>
            {sectionBuilt('app') && (
              <Link href={SECTIONS.app.path} className="header-link">
                {messages.downloadApp}
              </Link>
            )}
            <UserBox />
          </div>
        </div>
      </header>
      <SectionSearch />
    </>
  );
}
