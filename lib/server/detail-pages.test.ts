import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { City } from '@contracts/city';

/**
 * The detail pages' loaders (lib/server/detail-pages.ts, lib/server/project-detail.ts), as any front calls them: the
 * 404 page for a bad id, another city's listing, a channel the city lacks, a page number a sub-page does not have;
 * a side block whose call fails is left out, not the page.
 */

const city = (cityCode: string, domain: string, isRent: 0 | 1 = 1): City => ({
  cityCode,
  cityName: domain,
  cityDomain: domain,
  minorCityCode: cityCode,
  initial: 'B',
  pinyin: domain,
  isShop: 1,
  isOffice: 1,
  isEsf: 1,
  isNewhouse: 1,
  isRent,
});
const cities: Record<string, City> = { bj: city('110000', 'bj'), sh: city('310000', 'sh', 0) };

const api = vi.hoisted(() => ({
  fetchEsfDetail: vi.fn(),
  fetchEsfSimilar: vi.fn(),
  fetchPriceHistory: vi.fn(),
  fetchRentDetail: vi.fn(),
  fetchProjectReviews: vi.fn(),
  fetchNewHomeDetail: vi.fn(),
}));
vi.mock('@/lib/api/endpoints', async (original) => ({ ...(await original<object>()), ...api }));
vi.mock('@/lib/server/city-data', () => ({ getCity: async (domain: string) => cities[domain] }));
vi.mock('@/lib/server/api', () => ({
  publicContext: async () => ({ baseURL: 'http://backend.invalid' }),
  rethrowAsPage: (err: unknown) => {
    throw err;
  },
  orNull: async <T>(p: Promise<T>) => p.catch(() => null),
}));
vi.mock('@/lib/server/seo', () => ({
  detailSeo: () => ({ metadata: { title: 't' }, jsonLd: [] }),
  projectSeo: () => ({ metadata: { title: 't' }, jsonLd: [] }),
}));
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('404');
  },
}));
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <F>(f: F) => f }));

const { loadEsfDetailPage, loadRentDetailPage } = await import('./detail-pages');
const { loadProjectReviewsPage, loadProjectSinglePage } = await import('./project-detail');

const props = (domain: string, id: string, page?: string[]) => ({ params: Promise.resolve({ city: domain, id, page }) });
const home = { id: 17, title: '望京西园 3室', cityCode: '110000' };

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchEsfDetail.mockResolvedValue(home);
  api.fetchRentDetail.mockResolvedValue(home);
  api.fetchEsfSimilar.mockResolvedValue({ list: [] });
  api.fetchPriceHistory.mockResolvedValue({ changes: [] });
  api.fetchNewHomeDetail.mockResolvedValue({ ...home, name: '远洋天著' });
});

describe('a listing’s detail page', () => {
  it('loads the listing with its city, similar homes and price history', async () => {
    const page = await loadEsfDetailPage(props('bj', '17'));
    expect(api.fetchEsfDetail).toHaveBeenCalledWith(expect.anything(), 17);
    expect(page).toMatchObject({ detail: home, city: cities.bj, similar: [], history: { changes: [] } });
  });
  it('is the 404 page for an id written another way, before any call', async () => {
    await expect(loadEsfDetailPage(props('bj', '017'))).rejects.toThrow('404');
    await expect(loadEsfDetailPage(props('bj', 'abc'))).rejects.toThrow('404');
    expect(api.fetchEsfDetail).not.toHaveBeenCalled();
  });
  it('is the 404 page for another city’s listing and for a channel the city does not have', async () => {
    await expect(loadEsfDetailPage(props('sh', '17'))).rejects.toThrow('404');
    api.fetchRentDetail.mockResolvedValue({ ...home, cityCode: '310000' });
    await expect(loadRentDetailPage(props('sh', '17'))).rejects.toThrow('404');
  });
  it('stands without a side block whose call failed', async () => {
    api.fetchEsfSimilar.mockRejectedValue(new Error('down'));
    api.fetchPriceHistory.mockRejectedValue(new Error('down'));
    expect(await loadEsfDetailPage(props('bj', '17'))).toMatchObject({ detail: home, similar: null, history: null });
  });
});

describe('a project’s sub-pages', () => {
  it('are the 404 page for a page number on a one-page sub-page', async () => {
    expect((await loadProjectSinglePage(props('bj', '17'))).page).toBe(1);
    await expect(loadProjectSinglePage(props('bj', '17', ['2']))).rejects.toThrow('404');
  });
  it('page 点评 and are the 404 page past the last page, not page 1 of none', async () => {
    api.fetchProjectReviews.mockResolvedValue({ total: 0, pageSize: 10, list: [] });
    expect((await loadProjectReviewsPage(props('bj', '17'))).pages).toBe(0);
    api.fetchProjectReviews.mockResolvedValue({ total: 11, pageSize: 10, list: [] });
    expect((await loadProjectReviewsPage(props('bj', '17', ['2']))).pages).toBe(2);
    await expect(loadProjectReviewsPage(props('bj', '17', ['3']))).rejects.toThrow('404');
  });
});
