import { describe, expect, it } from 'vitest';
import { CHANNEL_LIST, CHANNELS, channelAt, dictionaryPath, optionsPath } from '@contracts/channels';
import type { Menu } from '@contracts/city';
import { activeMenu } from '@/components/header/active-menu';
import { emptyQuery, formatListPath, parseSearchPath } from '@/lib/search-path';

/** The menu the seed writes (backend/src/db/seed.ts): 商铺 and 写字楼 jump to their 出售 lists. */
const MENUS: Menu[] = [
  ['index', '/'],
  ['ershoufang', '/ershoufang/'],
  ['loupan', '/loupan/'],
  ['zufang', '/zufang/'],
  ['xiaoqu', '/xiaoqu/'],
  ['sp', '/sp/buy/'],
  ['xzl', '/xzl/buy/'],
  ['news', '/news/'],
].map(([permiCode, jumpPage]) => ({ permiName: permiCode!, permiCode: permiCode!, jumpPage: jumpPage!, children: [] }));

describe('the section of a path (spec §2 Header: the header follows it)', () => {
  it('is the channel of every page under its list path: list, filters, detail, dictionary, options', () => {
    for (const c of CHANNEL_LIST) {
      for (const path of [
        c.listPath,
        c.listPath.slice(0, -1),
        formatListPath(c, { districtId: 3, page: 2 }),
        `${c.detailPrefix}12`,
        dictionaryPath(c.code),
        optionsPath(c.code),
      ]) {
        expect(channelAt(path)?.code, path).toBe(c.code);
      }
    }
    expect(channelAt('/sp/rent/xiangqing/3')?.code).toBe('shop_rent');
  });

  it('is no channel on the home, news, login, the personal pages, or a path that only starts like one', () => {
    for (const path of [
      '/',
      '/news/',
      '/login',
      '/personal/account',
      '/ershoufangx/',
      '/sp/',
      '/zufang-old/',
      '/about/ujcontact',
    ])
      expect(channelAt(path), path).toBeUndefined();
  });

  it('highlights the channel’s menu: 租房 on /zufang/…, 商铺 on both shop channels, 写字楼 on both office channels', () => {
    expect(activeMenu(MENUS, '/zufang/')).toBe('zufang');
    expect(activeMenu(MENUS, '/zufang/rt1rp3/')).toBe('zufang');
    expect(activeMenu(MENUS, '/zufang/xiangqing/7')).toBe('zufang');
    expect(activeMenu(MENUS, '/zufang/dictionary')).toBe('zufang');
    expect(activeMenu(MENUS, '/loupan/xiangqing/7.html')).toBe('loupan');
    expect(activeMenu(MENUS, '/xiaoqu/e12/')).toBe('xiaoqu');
    expect(activeMenu(MENUS, '/sp/rent/dc3/')).toBe('sp');
    expect(activeMenu(MENUS, '/sp/buy/')).toBe('sp');
    expect(activeMenu(MENUS, '/xzl/rent/xiangqing/1')).toBe('xzl');
    expect(activeMenu(MENUS, '/ershoufang/key%E6%9C%9B/?from=home')).toBe('ershoufang');
  });

  it('falls back to the menu whose page prefixes the path, and the home only on /', () => {
    expect(activeMenu(MENUS, '/')).toBe('index');
    expect(activeMenu(MENUS, '/news/loushikuaixun/3.html')).toBe('news');
    expect(activeMenu(MENUS, '/login')).toBeUndefined();
  });
});

describe('dictionary and options paths', () => {
  it('sit under each channel’s list path', () => {
    expect(dictionaryPath('esf')).toBe('/ershoufang/dictionary');
    expect(optionsPath('rent')).toBe('/zufang/options');
    expect(dictionaryPath('shop_rent')).toBe('/sp/rent/dictionary');
  });

  it('are never read as a filter by any channel’s codec, nor written by it', () => {
    for (const c of CHANNEL_LIST) {
      for (const seg of ['dictionary', 'options', 'DICTIONARY', 'Options']) {
        expect(parseSearchPath(c, [seg]), `${c.code} ${seg}`).toEqual(emptyQuery());
      }
      // The codec's own segments always carry a digit or the key prefix: it cannot write a page's name.
      const written = formatListPath(c, { districtId: 1, keyword: 'dictionary', sort: 1 })
        .split('/')
        .filter(Boolean)
        .slice(c.listPath.split('/').filter(Boolean).length);
      for (const seg of written) expect(['dictionary', 'options']).not.toContain(seg);
    }
    expect(channelAt(dictionaryPath('esf'))).toBe(CHANNELS.esf);
  });
});
