import { describe, expect, it } from 'vitest';
import type { City, Menu } from '@contracts/city';
import { visibleMenus } from '@/components/header/visible-menus';
import { linkable, SECTIONS, sectionOf, type SectionName } from '@/lib/built-sections';

const BEIJING: City = {
  cityCode: '110000',
  cityName: '北京',
  cityDomain: 'bj',
  minorCityCode: '110000',
  initial: 'B',
  pinyin: 'beijing',
  isShop: 1,
  isOffice: 1,
  isEsf: 1,
  isNewhouse: 1,
  isRent: 1,
};

/** The backend's menu (backend/src/db/seed.ts): 资讯 and 地图找房 are in it whatever this build has. */
const MENUS: Menu[] = [
  ['index', '/'],
  ['ershoufang', '/ershoufang/'],
  ['xzl', '/xzl/buy/'],
  ['news', '/news/'],
  ['map', '/map?type=0'],
].map(([permiCode, jumpPage]) => ({ permiName: permiCode!, permiCode: permiCode!, jumpPage: jumpPage!, children: [] }));

const names = Object.keys(SECTIONS) as SectionName[];

describe('links into the sections later changes build (lib/built-sections.ts)', () => {
  it('knows the section of a link by its path, with or without a query, slash or deeper path', () => {
    expect(sectionOf('/news/')).toBe('news');
    expect(sectionOf('/news/loushikuaixun/3.html')).toBe('news');
    expect(sectionOf('/map?type=0')).toBe('map');
    expect(sectionOf('/map/mapForNewHouse')).toBe('map');
    expect(sectionOf('/download')).toBe('app');
    expect(sectionOf('/newsletter')).toBeUndefined();
    expect(sectionOf('/ershoufang/')).toBeUndefined();
    expect(sectionOf('/')).toBeUndefined();
  });

  it.each(names)('a link into %s is on the page exactly when its routes are built', (name) => {
    expect(linkable(SECTIONS[name].path)).toBe(SECTIONS[name].built);
    expect(linkable(`${SECTIONS[name].path}/x?y=1`)).toBe(SECTIONS[name].built);
  });

  it('keeps every other link', () => {
    for (const href of ['/', '/ershoufang/', '/xzl/buy/xiangqing/3', '/personal/entrust/sell', '/citys'])
      expect(linkable(href)).toBe(true);
  });

  it('leaves the header’s menu entry of a section out until the section is built', () => {
    const shown = visibleMenus(MENUS, BEIJING).map((m) => m.permiCode);
    expect(shown).toEqual(expect.arrayContaining(['index', 'ershoufang', 'xzl']));
    expect(shown.includes('news')).toBe(SECTIONS.news.built);
    // The map has its own button, never a menu entry.
    expect(shown).not.toContain('map');
  });
});
