import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '@contracts/channels';
import type { City } from '@contracts/city';

/**
 * A list page's loader (lib/server/list-page.ts), as any front calls it: the 404 and 308 decisions on the path, and
 * the data it answers (the list of the path's query, the filter rows, the chosen conditions in the title, 订阅).
 */

const city: City = {
  cityCode: '110000',
  cityName: '北京',
  cityDomain: 'bj',
  minorCityCode: '110100',
  initial: 'B',
  pinyin: 'beijing',
  isShop: 1,
  isOffice: 1,
  isEsf: 1,
  isNewhouse: 1,
  isRent: 0,
};

vi.mock('@/lib/server/city-data', () => ({
  getCity: async (domain: string) => (domain === 'bj' ? city : undefined),
}));
vi.mock('@/lib/server/api', () => ({
  publicContext: async () => ({ baseURL: 'http://backend.invalid' }),
  rethrowAsPage: (err: unknown) => {
    throw err;
  },
}));
vi.mock('@/lib/server/similar-searches', () => ({
  searchedWords: (query: { keyword?: string }) => query.keyword,
  similarSearches: vi.fn(async () => [{ suggestion: { name: '望京' }, path: '/ershoufang/key望京/' }]),
}));
// Next's own answers, as the thrown values a page would get: the 404 page and a permanent redirect.
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('404');
  },
  permanentRedirect: (to: string) => {
    throw new Error(`308 ${to}`);
  },
}));
// react's cache is a server-component API; outside a request it would not memo anyway.
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <F>(f: F) => f }));

const { listAddress, listPageLoader, similarSearchesOf } = await import('./list-page');

const esf = CHANNELS.esf;
const conditions = {
  districts: [{ id: 1, name: '朝阳', children: [{ id: 11, name: '望京' }] }],
  subwayLines: [],
  sorts: [{ code: 1, label: '最新' }],
  price: [{ code: 3, label: '300-400万' }],
};
const fetchList = vi.fn(async (_ctx: unknown, q: { page: number }) => ({
  total: 1,
  page: q.page,
  pageSize: 30,
  list: [{ id: 7 }],
}));
const source = {
  channel: esf,
  fetchConditions: async () => conditions,
  rows: (c: typeof conditions) => [{ key: 'price', label: '价格', options: c.price }],
  fetchList,
};

beforeEach(() => {
  fetchList.mockClear();
});

describe('listAddress', () => {
  it('is the 404 page for a channel the city does not have and for a path under the detail prefix', () => {
    expect(listAddress(city, CHANNELS.rent, undefined)).toEqual({ kind: 'notFound' });
    expect(listAddress(city, CHANNELS.new, ['xiangqing', '12', 'foo'])).toEqual({ kind: 'notFound' });
  });
  it('sends another spelling of a list to its one address', () => {
    expect(listAddress(city, esf, ['p3p1'])).toEqual({ kind: 'redirect', to: '/ershoufang/p1p3/' });
    expect(listAddress(city, esf, ['pg1'])).toEqual({ kind: 'redirect', to: '/ershoufang/' });
  });
  it('reads the canonical address as its query', () => {
    const address = listAddress(city, esf, ['dc1', 'p3']);
    expect(address.kind).toBe('list');
    expect(address.kind === 'list' && address.query).toMatchObject({ districtId: 1, filters: { price: [3] } });
  });
});

describe('listPageLoader', () => {
  const load = listPageLoader(source as never);
  it('answers nothing for an unknown city (the all-cities page is the layout’s)', async () => {
    expect(await load('zz', undefined)).toBeNull();
    expect(fetchList).not.toHaveBeenCalled();
  });
  it('throws the 404 page and the 308 before any list call', async () => {
    await expect(listPageLoader({ ...source, channel: CHANNELS.rent } as never)('bj', undefined)).rejects.toThrow('404');
    await expect(load('bj', ['p3p1'])).rejects.toThrow('308 /ershoufang/p1p3/');
    expect(fetchList).not.toHaveBeenCalled();
  });
  it('loads the list of the path’s query with the filter rows, the title’s conditions and 订阅', async () => {
    const page = (await load('bj', ['dc1', 'p3pg2']))!;
    expect(fetchList).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ cityCode: '110000', page: 2, price: [3] }),
    );
    expect(page.rows).toEqual([{ key: 'price', label: '价格', options: conditions.price }]);
    expect(page.result.list).toEqual([{ id: 7 }]);
    expect(page.seo.metadata.title).toEqual(expect.stringContaining('朝阳'));
    expect(page.subscribe).toMatchObject({ cityCode: '110000', channel: 'esf', path: '/ershoufang/dc1/p3/' });
    expect(page.subscribe.name).toBe('北京二手房 · 朝阳 · 300-400万');
    // A list with results offers no similar searches (and asks for none).
    expect(await similarSearchesOf(page)).toEqual([]);
  });
  it('offers similar searches on an empty list', async () => {
    fetchList.mockResolvedValueOnce({ total: 0, page: 1, pageSize: 30, list: [] });
    const page = (await load('bj', ['key望京西园']))!;
    expect(await similarSearchesOf(page)).toEqual([{ suggestion: { name: '望京' }, path: '/ershoufang/key望京/' }]);
  });
});
